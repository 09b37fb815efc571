import type { GithubAuthConfig, GoogleAuthConfig } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, TextField } from '../../ui';

export interface IssuerRow {
  enable: boolean;
  favicon: string;
  domain: string;
  client_id: string;
  client_secret: string;
}

/** The Google and GitHub clients this server signs in with. */
export function ProviderFields(props: {
  google: GoogleAuthConfig;
  github: GithubAuthConfig;
  onGoogle(value: GoogleAuthConfig): void;
  onGithub(value: GithubAuthConfig): void;
}) {
  const { t } = useTranslation('signin');
  return (
    <>
      <fieldset className="signin-methods">
        <legend className="signin-methods__legend">{t('methods.google')}</legend>
        <TextField
          label={t('methods.client_id')}
          autoComplete="off"
          value={props.google.client_id}
          onChange={(event) => props.onGoogle({ client_id: event.target.value })}
          data-testid="google-client-id"
        />
      </fieldset>
      <fieldset className="signin-methods">
        <legend className="signin-methods__legend">{t('methods.github')}</legend>
        <TextField
          label={t('methods.client_id')}
          autoComplete="off"
          value={props.github.client_id}
          onChange={(event) => props.onGithub({ ...props.github, client_id: event.target.value })}
          data-testid="github-client-id"
        />
        <TextField
          label={t('methods.client_secret')}
          type="password"
          autoComplete="new-password"
          value={props.github.client_secret}
          onChange={(event) => props.onGithub({ ...props.github, client_secret: event.target.value })}
          data-testid="github-client-secret"
        />
      </fieldset>
    </>
  );
}

/** The OpenID Connect issuers: each one's address, icon, client, and whether the login page offers it. */
export function IssuerFields({
  issuers,
  onChange,
}: {
  issuers: IssuerRow[];
  onChange(rows: IssuerRow[]): void;
}) {
  const { t } = useTranslation('signin');
  const updateRow = (index: number, patch: Partial<IssuerRow>) =>
    onChange(issuers.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="signin-methods">
      <legend className="signin-methods__legend">{t('methods.oidc')}</legend>
      <p className="settings-page__description">{t('methods.oidc_hint')}</p>
      {issuers.map((row, index) => (
        <div className="signin-issuer" key={index} data-testid="login-oidc-issuer">
          <TextField
            label={t('methods.oidc_domain')}
            type="url"
            required
            value={row.domain}
            placeholder="https://accounts.example.com"
            onChange={(event) => updateRow(index, { domain: event.target.value })}
            data-testid="oidc-domain"
          />
          <TextField
            label={t('methods.client_id')}
            autoComplete="off"
            required
            value={row.client_id}
            onChange={(event) => updateRow(index, { client_id: event.target.value })}
            data-testid="oidc-client-id"
          />
          <TextField
            label={t('methods.client_secret')}
            type="password"
            autoComplete="new-password"
            value={row.client_secret}
            onChange={(event) => updateRow(index, { client_secret: event.target.value })}
            data-testid="oidc-client-secret"
          />
          <TextField
            label={t('methods.oidc_favicon')}
            type="url"
            value={row.favicon}
            onChange={(event) => updateRow(index, { favicon: event.target.value })}
          />
          <div className="signin-issuer__actions">
            <Checkbox
              label={t('methods.oidc_enable')}
              checked={row.enable}
              onChange={(event) => updateRow(index, { enable: event.target.checked })}
            />
            <Button
              type="button"
              variant="ghost"
              onClick={() => onChange(issuers.filter((_, i) => i !== index))}
            >
              {t('methods.oidc_remove')}
            </Button>
          </div>
        </div>
      ))}
      <Button
        type="button"
        variant="ghost"
        onClick={() =>
          onChange([...issuers, { enable: true, favicon: '', domain: '', client_id: '', client_secret: '' }])
        }
        data-testid="login-oidc-add"
      >
        {t('methods.oidc_add')}
      </Button>
    </fieldset>
  );
}
