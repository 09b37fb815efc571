import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginGuest } from '../../lib/api';
import { startSession } from '../../lib/session';
import { Spinner } from '../../ui';
import { AuthLayout } from './auth-layout';

/** `/guest_login` (SPEC §2): a guest account that reads public channels, when the server allows guests. */
export function GuestLoginPage() {
  const { t } = useTranslation('accounts');
  const [off, setOff] = useState(false);
  const started = useRef(false);
  const navigate = useNavigate();
  // The channel link that brought a visitor here (the auth guard, SPEC §4), else the chat.
  const from = (useLocation().state as { from?: string } | null)?.from;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    loginGuest()
      .then((response) => {
        startSession(response);
        // Guests may stay on sign-in pages (to sign in), so the guard does not move them on.
        void navigate(from?.startsWith('/') ? from : '/chat', { replace: true });
      })
      .catch(() => setOff(true));
  }, [navigate, from]);

  if (off) {
    return (
      <AuthLayout title={t('guest.continue')}>
        <p className="auth-form__notice" role="alert" data-testid="guest-off">
          {t('guest.off')}
        </p>
        <Link className="btn btn--primary btn--block" to="/login">
          {t('guest.sign_in')}
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('guest.opening')}>
      <div className="auth-form__notice" role="status" data-testid="guest-opening">
        <Spinner />
      </div>
    </AuthLayout>
  );
}
