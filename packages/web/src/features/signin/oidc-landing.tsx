import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError, loginWith } from '../../lib/api';
import { askSecondFactor, useEnterApp } from '../two-factor';
import { getDeviceId } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Spinner } from '../../ui';
import { forgetOidcCallback, type OidcCallback } from './oidc-callback';
import './signin.css';

const ERRORS = { 400: null, 401: null, 403: null, 410: null, 503: null } as const;

/** Where the issuer sends the browser back: finishes sign-in with the code, once. */
export function OidcLanding({ callback }: { callback: OidcCallback }) {
  const { t } = useTranslation('signin');
  const [failure, setFailure] = useState<number | null>(null);
  const started = useRef(false);
  const enter = useEnterApp();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const credential = { type: 'oidc' as const, code: callback.code, state: callback.state };
    loginWith(credential, getDeviceId(), ERRORS)
      .then((response) => {
        forgetOidcCallback();
        toast.dismiss();
        return enter(response);
      })
      .catch((error: unknown) => {
        forgetOidcCallback();
        if (askSecondFactor(error)) return;
        setFailure(isApiError(error) ? error.status : 0);
      });
  }, [callback, enter]);

  if (failure === null) {
    return (
      <div className="signin-landing" role="status" data-testid="oidc-signing-in">
        <Spinner />
        <p>{t('social.signing_in')}</p>
      </div>
    );
  }
  return (
    <div className="signin-landing" role="alert" data-testid="oidc-failed">
      <p>{failure === 410 ? t('social.no_account') : t('social.failed')}</p>
      <Link className="btn btn--ghost" to="/login" reloadDocument>
        {t('social.back')}
      </Link>
    </div>
  );
}
