import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getLicense } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import './license-banner.css';

/**
 * The red "upgrade license" banner in chat (API.md §11.3): shown to administrators once the number
 * of users reaches the license's user limit, since only they can upgrade it; members never see it
 * (as in VoceChat). The license is read again whenever the number of users changes.
 */
export function LicenseBanner() {
  const { t } = useTranslation('license');
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const users = useAppSelector((state) => Object.keys(state.users.byId).length);
  const [limit, setLimit] = useState<number | null>(null);
  useEffect(() => {
    if (!isAdmin) return;
    let live = true;
    getLicense()
      .then((license) => {
        if (live) setLimit(license.user_limit);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [isAdmin, users]);
  if (!isAdmin || limit === null || users < limit) return null;
  return (
    <div className="license-banner" role="alert" data-testid="license-banner">
      <span>{t('banner.text', { users, limit })}</span>
      <Link to="/setting/license" className="license-banner__link" data-testid="license-banner-link">
        {t('banner.upgrade')}
      </Link>
    </div>
  );
}
