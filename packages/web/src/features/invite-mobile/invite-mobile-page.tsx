import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useAppSelector } from '../../lib/store';
import { Button, CheckIcon, CopyIcon } from '../../ui';
import { AuthLayout } from '../auth';
import { APP_LINKS, appLink, platformOf, registrationLink, webappLink } from './platform';
import './invite-mobile.css';

/**
 * `/invite_mobile/:magic_token` (SPEC §2): on a phone, open the invite in the app, continue in the
 * browser, copy the link, or get the app (Google Play and the APK on Android, the App Store
 * otherwise). Anywhere else it goes straight to the registration link.
 */
export function InviteMobilePage() {
  const { t } = useTranslation('invitemobile');
  const { magic_token: token = '' } = useParams();
  const server = useAppSelector((state) => state.server.name) || 'Parley';
  const [platform] = useState(() => platformOf(navigator.userAgent, navigator.maxTouchPoints));
  const [copied, setCopied] = useState(false);
  if (platform === 'desktop')
    return <Navigate to={`/register?magic_token=${encodeURIComponent(token)}`} replace />;

  const origin = window.location.origin;
  const link = registrationLink(origin, token);
  const copy = async () => {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
  return (
    <AuthLayout title={t('title')} subtitle={t('intro', { server })}>
      <div className="invite-mobile" data-testid="invite-mobile" data-platform={platform}>
        <a
          className="btn btn--primary btn--block"
          href={appLink(origin, token)}
          data-testid="invite-mobile-app"
        >
          {t('open_app')}
        </a>
        <a
          className="btn btn--ghost btn--block"
          href={webappLink(origin, token)}
          data-testid="invite-mobile-webapp"
        >
          {t('webapp')}
        </a>
        <div className="invite-mobile__link">
          <code data-testid="invite-mobile-link">{link}</code>
          <Button
            type="button"
            variant="ghost"
            small
            icon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            onClick={() => void copy()}
            data-testid="invite-mobile-copy"
          >
            {copied ? t('copied') : t('copy')}
          </Button>
        </div>
        <p className="invite-mobile__get">{t('get_app')}</p>
        <div className="invite-mobile__stores" data-testid="invite-mobile-stores">
          {platform === 'android' ? (
            <>
              <a
                className="btn btn--ghost"
                href={APP_LINKS.googlePlay}
                rel="noopener"
                data-testid="store-play"
              >
                {t('play')}
              </a>
              <a className="btn btn--ghost" href={APP_LINKS.apk} rel="noopener" data-testid="store-apk">
                {t('apk')}
              </a>
            </>
          ) : (
            <a className="btn btn--ghost" href={APP_LINKS.appStore} rel="noopener" data-testid="store-ios">
              {t('app_store')}
            </a>
          )}
        </div>
      </div>
    </AuthLayout>
  );
}
