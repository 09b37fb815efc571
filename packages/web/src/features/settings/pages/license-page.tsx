import type { License } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLicense } from '../../../lib/api';
import { Spinner } from '../../../ui';

/** Settings › License: the real state (`GET /license`); Parley's built-in license has no limit. */
export function LicensePage() {
  const { t, i18n } = useTranslation('admin');
  const [license, setLicense] = useState<License | null>(null);
  useEffect(() => {
    let active = true;
    getLicense()
      .then((value) => active && setLicense(value))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  if (!license) return <Spinner />;
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <section className="admin-page" data-testid="license-page" aria-labelledby="license-title">
      <h2 id="license-title">{t('license.title')}</h2>
      <dl className="admin-card admin-facts">
        <dt>{t('license.signed')}</dt>
        <dd>{license.sign ? t('license.yes') : t('license.no')}</dd>
        <dt>{t('license.domains')}</dt>
        <dd>{license.domains.join(', ')}</dd>
        <dt>{t('license.user_limit')}</dt>
        <dd>{license.user_limit >= 999_999 ? t('license.unlimited') : license.user_limit}</dd>
        <dt>{t('license.created')}</dt>
        <dd>{date(license.created_at)}</dd>
        <dt>{t('license.expires')}</dt>
        <dd>{date(license.expired_at)}</dd>
      </dl>
      <p className="admin-page__text">{t('license.note')}</p>
    </section>
  );
}
