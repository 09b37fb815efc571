import type { Metrics } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMetrics, getVersion } from '../../../lib/api';
import { useAppSelector } from '../../../lib/store';

/** Settings › About: the version and, for administrators, the server's counts. */
export function AboutPage() {
  const { t } = useTranslation('admin');
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const server = useAppSelector((state) => state.server);
  const [version, setVersion] = useState('');
  const [metrics, setMetrics] = useState<Metrics | null>(null);
  useEffect(() => {
    let active = true;
    getVersion()
      .then((value) => active && setVersion(String(value)))
      .catch(() => undefined);
    if (isAdmin)
      getMetrics()
        .then((value) => active && setMetrics(value))
        .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [isAdmin]);
  return (
    <section className="admin-page" data-testid="about-page" aria-labelledby="about-title">
      <h2 id="about-title">{t('about.title')}</h2>
      <p className="admin-page__text">{t('about.text')}</p>
      <dl className="admin-card admin-facts">
        <dt>{t('about.version')}</dt>
        <dd data-testid="about-version">{version}</dd>
        {server.serverId ? (
          <>
            <dt>{t('about.server_id')}</dt>
            <dd>{server.serverId}</dd>
          </>
        ) : null}
        {metrics ? (
          <>
            <dt>{t('about.users')}</dt>
            <dd>{metrics.user_count}</dd>
            <dt>{t('about.channels')}</dt>
            <dd>{metrics.group_count}</dd>
            <dt>{t('about.online')}</dt>
            <dd>{metrics.online_user_count}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
