import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { loginWith } from '../../lib/api';
import { getDeviceId, startSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Spinner } from '../../ui';
import './signin.css';

const ERRORS = { 400: null, 401: null, 403: null, 423: null, 429: null } as const;

/**
 * `/oauth/:token` (SPEC §2; docs/third-party.md): a site that minted a third-party key sends the
 * browser here; the key signs its user in (replacing any session of this browser) and the chat opens.
 */
export function OauthPage() {
  const { t } = useTranslation('thirdparty');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    loginWith({ type: 'thirdparty', key: token }, getDeviceId(), ERRORS)
      .then((response) => {
        toast.dismiss();
        startSession(response);
        void navigate('/chat', { replace: true });
      })
      .catch(() => setFailed(true));
  }, [token, navigate]);

  if (!failed)
    return (
      <div className="signin-landing" role="status" data-testid="oauth-signing-in">
        <Spinner />
        <p>{t('oauth.signing_in')}</p>
      </div>
    );
  return (
    <div className="signin-landing" role="alert" data-testid="oauth-failed">
      <p>{t('oauth.failed')}</p>
      <Link className="btn btn--ghost" to="/login" data-testid="oauth-back">
        {t('oauth.back')}
      </Link>
    </div>
  );
}
