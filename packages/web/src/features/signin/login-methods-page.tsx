import type { LoginConfig } from '@parley/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoginConfig, updateLoginConfig } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { toast } from '../../lib/toast';
import { Button, Checkbox, SelectField, Spinner, TextField } from '../../ui';
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

/** `/setting/login`: which sign-in methods the server offers, who may sign up, and its OpenID issuers. */
export function LoginMethodsPage() {
  const { t } = useTranslation('signin');
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const [config, setConfig] = useState<LoginConfig | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!isAdmin) return;
    let active = true;
    getLoginConfig()
      .then((value) => active && setConfig(value))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [isAdmin]);

  if (!isAdmin) {
    return (
      <main className="settings-page">
        <p className="settings-page__notice">{t('methods.admin_only')}</p>
      </main>
    );
  }
  if (!config) {
    return (
      <main className="settings-page">
        <Spinner />
      </main>
    );
  }

  const update = (patch: Partial<LoginConfig>) => setConfig({ ...config, ...patch });
  const updateIssuer = (index: number, patch: Partial<LoginConfig['oidc'][number]>) =>
    update({ oidc: config.oidc.map((issuer, i) => (i === index ? { ...issuer, ...patch } : issuer)) });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await updateLoginConfig(config);
      toast.success(t('methods.saved'));
    } catch {
      // The request layer has shown the server's answer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <main className="settings-page" data-testid="login-methods">
      <h1 className="settings-page__title">{t('methods.title')}</h1>
      <p className="settings-page__description">{t('methods.description')}</p>
      <form className="settings-page__form" onSubmit={save} data-testid="login-methods-form">
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
        <fieldset className="signin-methods">
          <legend className="signin-methods__legend">{t('methods.oidc')}</legend>
          <p className="settings-page__description">{t('methods.oidc_hint')}</p>
          {config.oidc.map((issuer, index) => (
            <div className="signin-issuer" key={index} data-testid="login-oidc-issuer">
              <TextField
                label={t('methods.oidc_domain')}
                type="url"
                required
                value={issuer.domain}
                placeholder="https://accounts.example.com"
                onChange={(event) => updateIssuer(index, { domain: event.target.value })}
              />
              <TextField
                label={t('methods.oidc_favicon')}
                type="url"
                value={issuer.favicon}
                onChange={(event) => updateIssuer(index, { favicon: event.target.value })}
              />
              <div className="signin-issuer__actions">
                <Checkbox
                  label={t('methods.oidc_enable')}
                  checked={issuer.enable}
                  onChange={(event) => updateIssuer(index, { enable: event.target.checked })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => update({ oidc: config.oidc.filter((_, i) => i !== index) })}
                >
                  {t('methods.oidc_remove')}
                </Button>
              </div>
            </div>
          ))}
          <Button
            type="button"
            variant="ghost"
            onClick={() => update({ oidc: [...config.oidc, { enable: true, favicon: '', domain: '' }] })}
            data-testid="login-oidc-add"
          >
            {t('methods.oidc_add')}
          </Button>
        </fieldset>
        <Button type="submit" loading={saving} data-testid="login-methods-save">
          {saving ? t('methods.saving') : t('methods.save')}
        </Button>
      </form>
    </main>
  );
}
