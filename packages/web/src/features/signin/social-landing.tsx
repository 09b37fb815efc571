import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, loginWith } from '../../lib/api';
import { askSecondFactor, useEnterApp } from '../two-factor';
import { getDeviceId } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Button, Spinner } from '../../ui';
import { forgetSocialReturn, type SocialReturn } from './social-return';
import './signin.css';

const ERRORS = { 400: null, 401: null, 403: null, 410: null, 423: null, 429: null, 503: null } as const;

/** Back from GitHub or Google: signs in with the code or ID token, once; `onBack` shows the login page. */
export function SocialLanding({ answer, onBack }: { answer: SocialReturn; onBack: () => void }) {
  const { t } = useTranslation('signin');
  const [failure, setFailure] = useState<number | null>(answer.credential ? null : 0);
  const started = useRef(false);
  const enter = useEnterApp();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    forgetSocialReturn();
    if (!answer.credential) return;
    loginWith(answer.credential, getDeviceId(), ERRORS)
      .then((response) => {
        toast.dismiss();
        return enter(response);
      })
      .catch((error: unknown) => {
        if (!askSecondFactor(error)) setFailure(isApiError(error) ? error.status : 0);
      });
  }, [answer, enter]);

  if (failure === null) {
    return (
      <div className="signin-landing" role="status" data-testid="social-signing-in">
        <Spinner />
        <p>{t('social.signing_in')}</p>
      </div>
    );
  }
  return (
    <div className="signin-landing" role="alert" data-testid="social-failed">
      <p>{failure === 410 ? t('social.no_account') : t('social.failed')}</p>
      <Button type="button" variant="ghost" onClick={onBack} data-testid="social-back">
        {t('social.back')}
      </Button>
    </div>
  );
}
