import type { GithubAuthConfig, GoogleAuthConfig, LoginConfig } from '@parley/protocol';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getGithubAuthConfig,
  getGoogleAuthConfig,
  getLoginConfig,
  getOidcClients,
  setGithubAuthConfig,
  setGoogleAuthConfig,
  setOidcClients,
  updateLoginConfig,
} from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { Button, Checkbox, SelectField } from '../../ui';
import { AdminPageFrame, useSettingsForm } from '../settings';
import { IssuerFields, ProviderFields, type IssuerRow } from './provider-fields';
import './signin.css';

type Switch = 'password' | 'magic_link' | 'guest' | 'google' | 'github' | 'metamask' | 'third_party';
const SWITCHES: readonly Switch[] = [
  'password',
  'magic_link',
  'guest',
  'google',
  'github',
  'metamask',
  'third_party',
];

interface Form {
  config: LoginConfig;
  issuers: IssuerRow[];
  google: GoogleAuthConfig;
  github: GithubAuthConfig;
}

async function load(): Promise<Form> {
  const [config, clients, google, github] = await Promise.all([
    getLoginConfig(),
    getOidcClients(),
    getGoogleAuthConfig(),
    getGithubAuthConfig(),
  ]);
  const issuers = config.oidc.map((issuer) => {
    const client = clients.clients.find((c) => c.issuer === issuer.domain);
    return { ...issuer, client_id: client?.client_id ?? '', client_secret: client?.client_secret ?? '' };
  });
  return { config, issuers, google, github };
}

async function save({ config, issuers, google, github }: Form): Promise<void> {
  const oidc = issuers.map(({ enable, favicon, domain }) => ({ enable, favicon, domain: domain.trim() }));
  const clients = issuers
    .filter((row) => row.domain.trim() && row.client_id.trim())
    .map((row) => ({
      issuer: row.domain.trim(),
      client_id: row.client_id.trim(),
      client_secret: row.client_secret,
    }));
  await setOidcClients({ clients });
  await setGoogleAuthConfig(google);
  await setGithubAuthConfig(github);
  await updateLoginConfig({ ...config, oidc });
}

/** `/setting/login`: which sign-in methods the server offers, who may sign up, and their clients. */
export function LoginMethodsPage() {
  const { t } = useTranslation('signin');
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const settings = useSettingsForm<Form>({ load, save, saved: t('methods.saved'), enabled: isAdmin });
  const { value: form, saving } = settings;

  if (!isAdmin || !form) return <AdminPageFrame isAdmin={isAdmin} notice={t('methods.admin_only')} />;

  const { config } = form;
  const update = (patch: Partial<LoginConfig>) => settings.update({ config: { ...config, ...patch } });
  const submit = (event: FormEvent) => void settings.submit(event);

  return (
    <main className="settings-page" data-testid="login-methods">
      <h1 className="settings-page__title">{t('methods.title')}</h1>
      <p className="settings-page__description">{t('methods.description')}</p>
      <form className="settings-page__form" onSubmit={submit} data-testid="login-methods-form">
        <SelectField
          label={t('methods.who_can_sign_up')}
          value={config.who_can_sign_up}
          onChange={(event) =>
            update({
              who_can_sign_up: event.target.value === 'InvitationOnly' ? 'InvitationOnly' : 'EveryOne',
            })
          }
          data-testid="login-who-can-sign-up"
        >
          <option value="EveryOne">{t('methods.everyone')}</option>
          <option value="InvitationOnly">{t('methods.invitation_only')}</option>
        </SelectField>
        <fieldset className="signin-methods">
          <legend className="signin-methods__legend">{t('methods.methods')}</legend>
          {SWITCHES.map((name) => (
            <Checkbox
              key={name}
              label={t(`methods.${name}`)}
              checked={config[name]}
              onChange={(event) => update({ [name]: event.target.checked })}
              data-testid={`login-method-${name}`}
            />
          ))}
        </fieldset>
        <ProviderFields
          google={form.google}
          github={form.github}
          onGoogle={(google) => settings.update({ google })}
          onGithub={(github) => settings.update({ github })}
        />
        <IssuerFields issuers={form.issuers} onChange={(issuers) => settings.update({ issuers })} />
        <Button type="submit" loading={saving} data-testid="login-methods-save">
          {saving ? t('methods.saving') : t('methods.save')}
        </Button>
      </form>
    </main>
  );
}
