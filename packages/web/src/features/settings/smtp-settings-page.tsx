import type { SmtpConfig } from '@parley/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getSmtpConfig, isApiError, sendTestMail, setSmtpConfig } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { Button, Checkbox, TextField } from '../../ui';
import { AdminPageFrame } from './admin-page-frame';
import { useSettingsForm } from './settings-save';
import './settings.css';

const EMPTY: SmtpConfig = { enabled: false, host: '', port: 587, from: '', username: '', password: '' };

type TestResult = { ok: true } | { ok: false; answer: string };

/** `/setting/smtp`: the mail server Parley sends links and invitations through, and a test mail. */
export function SmtpSettingsPage() {
  const { t } = useTranslation('accounts');
  const self = useAppSelector((state) => state.auth?.user);
  const isAdmin = self?.is_admin === true;
  const form = useSettingsForm<SmtpConfig>({
    load: async () => ({ ...EMPTY, ...(await getSmtpConfig()) }),
    save: setSmtpConfig,
    saved: t('smtp.saved'),
    enabled: isAdmin,
    fallback: EMPTY,
  });
  const [to, setTo] = useState(self?.email ?? '');
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  const { value: config, stored: saved, saving, update } = form;
  if (!isAdmin || !config) return <AdminPageFrame isAdmin={isAdmin} notice={t('smtp.admin_only')} />;

  const test = async (event: FormEvent) => {
    event.preventDefault();
    setTesting(true);
    setResult(null);
    try {
      await sendTestMail(to.trim(), t('smtp.test_subject'), t('smtp.test_content'));
      setResult({ ok: true });
    } catch (error) {
      setResult({
        ok: false,
        answer: isApiError(error) ? error.body || String(error.status) : String(error),
      });
    } finally {
      setTesting(false);
    }
  };

  const canTest = saved?.enabled === true && saved.host !== '';
  return (
    <main className="settings-page" data-testid="smtp-settings">
      <h1 className="settings-page__title">{t('smtp.title')}</h1>
      <p className="settings-page__description">{t('smtp.description')}</p>
      <form
        className="settings-page__form"
        onSubmit={(event) => void form.submit(event)}
        data-testid="smtp-form"
      >
        <Checkbox
          label={t('smtp.enabled')}
          checked={config.enabled}
          onChange={(event) => update({ enabled: event.target.checked })}
          data-testid="smtp-enabled"
        />
        <div className="settings-page__row">
          <TextField
            label={t('smtp.host')}
            value={config.host}
            onChange={(event) => update({ host: event.target.value })}
            required={config.enabled}
            data-testid="smtp-host"
          />
          <TextField
            label={t('smtp.port')}
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            value={String(config.port)}
            onChange={(event) => update({ port: Number(event.target.value) || 0 })}
            data-testid="smtp-port"
          />
        </div>
        <TextField
          label={t('smtp.from')}
          type="email"
          value={config.from}
          onChange={(event) => update({ from: event.target.value })}
          required={config.enabled}
          data-testid="smtp-from"
        />
        <TextField
          label={t('smtp.username')}
          autoComplete="off"
          value={config.username ?? ''}
          onChange={(event) => update({ username: event.target.value })}
          data-testid="smtp-username"
        />
        <TextField
          label={t('smtp.password')}
          type="password"
          autoComplete="new-password"
          value={config.password ?? ''}
          onChange={(event) => update({ password: event.target.value })}
          data-testid="smtp-password"
        />
        <Button type="submit" loading={saving} data-testid="smtp-save">
          {saving ? t('smtp.saving') : t('smtp.save')}
        </Button>
      </form>

      <h2 className="settings-page__subtitle">{t('smtp.test_title')}</h2>
      <form className="settings-page__form" onSubmit={test} data-testid="smtp-test-form">
        <TextField
          label={t('smtp.test_to')}
          type="email"
          required
          value={to}
          onChange={(event) => setTo(event.target.value)}
          hint={canTest ? undefined : t('smtp.test_disabled')}
          data-testid="smtp-test-to"
        />
        <Button
          type="submit"
          variant="ghost"
          loading={testing}
          disabled={!canTest}
          data-testid="smtp-test-send"
        >
          {t('smtp.test_send')}
        </Button>
        {result ? (
          <p
            className={`settings-page__result settings-page__result--${result.ok ? 'ok' : 'error'}`}
            role={result.ok ? 'status' : 'alert'}
            data-testid="smtp-test-result"
          >
            {result.ok ? t('smtp.test_ok') : t('smtp.test_failed', { answer: result.answer })}
          </p>
        ) : null}
      </form>
    </main>
  );
}
