import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError, sendLoginMagicLink } from '../../lib/api';
import { Button, TextField } from '../../ui';
import { AuthLayout } from './auth-layout';

/**
 * `/email_login` and `/send_magic_link/:email` (SPEC §2): asks for an address, sends a sign-in link
 * and shows "check your inbox", whatever the address (the server answers every address alike).
 */
export function EmailLoginPage() {
  const { t } = useTranslation(['accounts', 'auth']);
  const params = useParams();
  const [email, setEmail] = useState(params.email ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [limited, setLimited] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setLimited(false);
    try {
      await sendLoginMagicLink(email.trim(), { 429: null });
      setSentTo(email.trim());
    } catch (error) {
      setLimited(isApiError(error) && error.status === 429);
    } finally {
      setSending(false);
    }
  };

  const footer = (
    <p>
      <Link to="/login" data-testid="email-login-password-link">
        {t('email_login.use_password')}
      </Link>
    </p>
  );

  if (sentTo !== null) {
    return (
      <AuthLayout title={t('email_login.sent_title')} footer={footer}>
        <p className="auth-form__notice" role="status" data-testid="email-login-sent">
          {t('email_login.sent_body', { email: sentTo })}
        </p>
        <Button variant="ghost" block onClick={() => setSentTo(null)} data-testid="email-login-again">
          {t('email_login.again')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('email_login.title')} subtitle={t('email_login.subtitle')} footer={footer}>
      <form className="auth-form" onSubmit={submit} data-testid="email-login-form">
        <TextField
          label={t('auth:fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={limited ? t('email_login.rate_limited') : undefined}
          data-testid="email-login-email"
        />
        <Button type="submit" block loading={sending} data-testid="email-login-submit">
          {sending ? t('email_login.submitting') : t('email_login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
