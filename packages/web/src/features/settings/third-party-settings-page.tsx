import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getLoginConfig, getThirdPartySecret, regenerateThirdPartySecret } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { Button, CopyButton, TextAreaField, TextField } from '../../ui';
import { AdminPageFrame } from './admin-page-frame';
import { useSave } from './settings-save';
import './settings.css';

interface State {
  secret: string;
  enabled: boolean;
}

/** `/setting/third_party` (docs/third-party.md): the secret sites mint sign-in keys with, and how to use it. */
export function ThirdPartySettingsPage() {
  const { t } = useTranslation('thirdparty');
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const [state, setState] = useState<State | null>(null);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useSave({ saved: t('settings.regenerated') });

  useEffect(() => {
    if (!isAdmin) return undefined;
    let active = true;
    Promise.all([getThirdPartySecret(), getLoginConfig()])
      .then(([secret, config]) => active && setState({ secret, enabled: config.third_party }))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [isAdmin]);

  if (!isAdmin || !state) return <AdminPageFrame isAdmin={isAdmin} notice={t('settings.admin_only')} />;

  const regenerate = () =>
    run(async () => {
      const secret = await regenerateThirdPartySecret();
      setState({ ...state, secret });
      setConfirming(false);
    });

  const example = [
    `curl -X POST ${window.location.origin}/api/token/create_third_party_key \\`,
    `  -H 'X-SECRET: <secret>' -H 'Content-Type: application/json' \\`,
    `  -d '{"userid":"42","username":"Grace"}'`,
  ].join('\n');

  return (
    <main className="settings-page" data-testid="third-party-settings">
      <h1 className="settings-page__title">{t('settings.title')}</h1>
      <p className="settings-page__description">{t('settings.description')}</p>
      <p
        className={`settings-page__result settings-page__result--${state.enabled ? 'ok' : 'error'}`}
        data-testid="third-party-state"
      >
        {state.enabled ? t('settings.enabled') : t('settings.disabled')}{' '}
        <Link to="/setting/login">{t('settings.login_methods')}</Link>
      </p>
      <div className="settings-page__form">
        <TextField
          label={t('settings.secret')}
          type={shown ? 'text' : 'password'}
          readOnly
          autoComplete="off"
          spellCheck={false}
          value={state.secret}
          className="widget-settings__snippet"
          data-testid="third-party-secret"
        />
        <div className="third-party-settings__actions">
          <Button
            type="button"
            variant="ghost"
            small
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
            data-testid="third-party-show"
          >
            {shown ? t('settings.hide') : t('settings.show')}
          </Button>
          <CopyButton text={state.secret} testId="third-party-copy" />
          {confirming ? null : (
            <Button
              type="button"
              variant="ghost"
              small
              onClick={() => setConfirming(true)}
              data-testid="third-party-regenerate"
            >
              {t('settings.regenerate')}
            </Button>
          )}
        </div>
        {confirming ? (
          <div className="settings-page__result settings-page__result--error" role="alert">
            <p>{t('settings.regenerate_warning')}</p>
            <div className="third-party-settings__actions">
              <Button
                type="button"
                variant="danger"
                small
                loading={busy}
                onClick={() => void regenerate()}
                data-testid="third-party-confirm"
              >
                {t('settings.regenerate_confirm')}
              </Button>
              <Button
                type="button"
                variant="ghost"
                small
                onClick={() => setConfirming(false)}
                data-testid="third-party-cancel"
              >
                {t('settings.cancel')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      <h2 className="settings-page__subtitle">{t('settings.how_title')}</h2>
      <p className="settings-page__description">{t('settings.how')}</p>
      <TextAreaField
        label={t('settings.example')}
        readOnly
        rows={3}
        value={example}
        className="widget-settings__snippet"
        data-testid="third-party-example"
      />
    </main>
  );
}
