import type { License } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkLicense, getLicense, getLicenseRenewal, putLicense, renewLicense } from '../../../lib/api';
import { Button, Spinner, TextAreaField, TextField } from '../../../ui';
import { useSave } from '../settings-save';

/**
 * Settings › License (API.md §11.3, docs/api.md "License"): the installed license (the built-in
 * default has no user limit), checking and installing a new one, and renewal at the configured
 * license service (SPEC §4: pay in a new window, then confirm with the payment session ID).
 */
export function LicensePage() {
  const { t, i18n } = useTranslation(['admin', 'governance']);
  const [license, setLicense] = useState<License | null>(null);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<License | null>(null);
  const [paymentUrl, setPaymentUrl] = useState('');
  const [session, setSession] = useState('');
  const { busy, run } = useSave({ saved: t('governance:license.installed') });

  const reload = () => getLicense().then(setLicense);
  useEffect(() => {
    let active = true;
    getLicense()
      .then((value) => active && setLicense(value))
      .catch(() => undefined);
    getLicenseRenewal(window.location.hostname)
      .then((r) => active && setPaymentUrl(r.enabled ? r.payment_url : ''))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  if (!license) return <Spinner />;
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  // Checking stores nothing: no toast, the result shows below the text.
  const check = () => run(async () => setChecked(await checkLicense(text.trim())), {});
  const install = async () => {
    if (!(await run(() => putLicense(text.trim())))) return;
    setText('');
    setChecked(null);
    await reload().catch(() => undefined);
  };
  const renew = () =>
    run(async () => {
      setLicense(await renewLicense(session.trim()));
      setSession('');
    });
  const builtIn = license.base58 === '';

  return (
    <section className="admin-page" data-testid="license-page" aria-labelledby="license-title">
      <h2 id="license-title">{t('license.title')}</h2>
      <dl className="admin-card admin-facts">
        <dt>{t('license.signed')}</dt>
        <dd>{license.sign ? t('license.yes') : t('license.no')}</dd>
        <dt>{t('license.domains')}</dt>
        <dd>{license.domains.join(', ')}</dd>
        <dt>{t('license.user_limit')}</dt>
        <dd data-testid="license-limit">
          {license.user_limit >= 999_999 ? t('license.unlimited') : license.user_limit}
        </dd>
        <dt>{t('license.created')}</dt>
        <dd>{date(license.created_at)}</dd>
        <dt>{t('license.expires')}</dt>
        <dd>{date(license.expired_at)}</dd>
      </dl>
      <p className="admin-page__text">{builtIn ? t('governance:license.built_in') : t('license.note')}</p>

      <div className="admin-card">
        <h3>{t('governance:license.install_title')}</h3>
        <TextAreaField
          label={t('governance:license.text')}
          hint={t('governance:license.text_hint')}
          rows={4}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setChecked(null);
          }}
          data-testid="license-text"
        />
        {checked ? (
          <p className="admin-page__text" data-testid="license-checked">
            {t('governance:license.checked', {
              users: checked.user_limit,
              until: date(checked.expired_at),
              domains: checked.domains.join(', '),
            })}
          </p>
        ) : null}
        <div className="admin-row">
          <Button
            variant="ghost"
            disabled={busy || !text.trim()}
            onClick={() => void check()}
            data-testid="license-check"
          >
            {t('governance:license.check')}
          </Button>
          <Button
            disabled={busy || !text.trim()}
            onClick={() => void install()}
            data-testid="license-install"
          >
            {t('governance:license.install')}
          </Button>
        </div>
      </div>

      <div className="admin-card">
        <h3>{t('governance:license.renew_title')}</h3>
        {paymentUrl ? (
          <>
            <p className="admin-page__text">{t('governance:license.renew_text')}</p>
            <div className="admin-row">
              <Button variant="ghost" onClick={() => window.open(paymentUrl, '_blank', 'noopener')}>
                {t('governance:license.pay')}
              </Button>
            </div>
            <TextField
              label={t('governance:license.session')}
              value={session}
              onChange={(e) => setSession(e.currentTarget.value)}
              data-testid="license-session"
            />
            <div className="admin-row">
              <Button disabled={busy || !session.trim()} onClick={() => void renew()}>
                {t('governance:license.confirm')}
              </Button>
            </div>
          </>
        ) : (
          <p className="admin-page__text">{t('governance:license.no_service')}</p>
        )}
      </div>
    </section>
  );
}
