import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { isApiError, magicLinkLogin } from '../../lib/api';
import { askSecondFactor, useEnterApp } from '../two-factor';
import { getDeviceId } from '../../lib/session';
import { Spinner } from '../../ui';
import { AuthLayout } from './auth-layout';
import { forgetMagicToken, type MagicLink } from './magic-link';

/**
 * Where an emailed login link lands. Opening the page spends nothing (a mail scanner's GET
 * does no harm); the page's own POST signs in. A sign-up link goes on to choosing a name.
 */
export function MagicLinkLanding({ link }: { link: MagicLink }) {
  const { t } = useTranslation('accounts');
  const [state, setState] = useState<'signing_in' | 'invalid' | 'set_name'>(
    link.exists ? 'signing_in' : 'set_name',
  );
  const started = useRef(false);
  const enter = useEnterApp();

  useEffect(() => {
    if (!link.exists || started.current) return;
    started.current = true;
    magicLinkLogin(link.token, '', getDeviceId(), { 401: null, 410: null })
      .then((response) => {
        forgetMagicToken();
        toast.dismiss();
        return enter(response);
      })
      .catch((error: unknown) => {
        if (askSecondFactor(error)) forgetMagicToken();
        else if (isApiError(error) && error.status === 410) setState('set_name');
        else setState('invalid');
      });
  }, [link, enter]);

  if (state === 'set_name') {
    return <Navigate to={`/register/set_name?magic_token=${encodeURIComponent(link.token)}`} replace />;
  }
  if (state === 'invalid') return <MagicLinkInvalid />;
  return (
    <AuthLayout title={t('magic.signing_in')}>
      <div className="auth-form__notice" role="status" data-testid="magic-signing-in">
        <Spinner />
      </div>
    </AuthLayout>
  );
}

/** "The link is invalid or expired", with the way to a new one. */
export function MagicLinkInvalid() {
  const { t } = useTranslation('accounts');
  useEffect(forgetMagicToken, []);
  return (
    <AuthLayout title={t('magic.invalid_title')}>
      <p className="auth-form__notice auth-form__notice--error" role="alert" data-testid="magic-invalid">
        {t('magic.invalid_body')}
      </p>
      <Link className="btn btn--primary btn--block" to="/email_login" data-testid="magic-request-new">
        {t('magic.request_new')}
      </Link>
    </AuthLayout>
  );
}
