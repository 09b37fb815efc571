import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSmtpEnabledQuietly, isApiError, login } from '../../lib/api';
import { getDeviceId } from '../../lib/session';
import { Button, TextField } from '../../ui';
import { AuthLayout } from './auth-layout';
import { readMagicLink } from './magic-link';
import { MagicLinkLanding } from './magic-link-landing';
import { useLoginConfig } from './use-login-config';
import { OidcLanding, peekSocialReturn, readOidcCallback, SocialButtons, SocialLanding } from '../signin';
import { askSecondFactor, useEnterApp, useSecondFactor } from '../two-factor';
import { SecondFactorPage } from './second-factor-page';

// A wrong email or password is shown under the password field, so it gets no toast as well.
const LOGIN_ERRORS = {
  401: null,
  404: null,
  403: 'auth:login.method_disabled',
  423: 'auth:login.frozen',
  429: 'auth:login.rate_limited',
} as const;

export function LoginPage() {
  const [link] = useState(() => readMagicLink(window.location.search));
  const [oidc] = useState(() => readOidcCallback(window.location.search));
  const [social, setSocial] = useState(peekSocialReturn);
  const mfaToken = useSecondFactor();
  if (mfaToken) return <SecondFactorPage mfaToken={mfaToken} />;
  if (link) return <MagicLinkLanding link={link} />;
  if (social) return <SocialReturnPage answer={social} onBack={() => setSocial(null)} />;
  if (oidc) return <OidcReturn callback={oidc} />;
  return <PasswordLoginPage />;
}

function OidcReturn({ callback }: { callback: NonNullable<ReturnType<typeof readOidcCallback>> }) {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('login.title')}>
      <OidcLanding callback={callback} />
    </AuthLayout>
  );
}

function SocialReturnPage({
  answer,
  onBack,
}: {
  answer: NonNullable<ReturnType<typeof peekSocialReturn>>;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('login.title')}>
      <SocialLanding answer={answer} onBack={onBack} />
    </AuthLayout>
  );
}

/** Whether the server can mail sign-in links, once known. */
function useSmtpEnabled(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let active = true;
    void getSmtpEnabledQuietly().then((value) => active && setEnabled(value === true));
    return () => {
      active = false;
    };
  }, []);
  return enabled;
}

function PasswordLoginPage() {
  const { t } = useTranslation(['auth', 'accounts']);
  const smtpEnabled = useSmtpEnabled();
  const enter = useEnterApp();
  const config = useLoginConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setFailed(false);
    try {
      const response = await login({ email: email.trim(), password, device: getDeviceId() }, LOGIN_ERRORS);
      // Errors of earlier attempts are answered now; they must not follow the user into the app.
      toast.dismiss();
      await enter(response);
    } catch (error) {
      if (askSecondFactor(error)) return;
      setFailed(isApiError(error) && (error.status === 401 || error.status === 404));
      setSubmitting(false);
    }
  };

  const canSignUp = config?.who_can_sign_up === 'EveryOne';
  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        canSignUp ? (
          <p>
            {t('login.no_account')}{' '}
            <Link to="/register" data-testid="login-register-link">
              {t('login.sign_up')}
            </Link>
          </p>
        ) : null
      }
    >
      <form className="auth-form" onSubmit={submit} data-testid="login-form" noValidate={false}>
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="login-email"
        />
        <TextField
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={failed ? t('login.incorrect') : undefined}
          data-testid="login-password"
        />
        {config && !config.password ? (
          <p className="auth-form__notice">{t('login.password_disabled')}</p>
        ) : null}
        <Button type="submit" block loading={submitting} data-testid="login-submit">
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
        {config?.guest ? (
          <Link className="btn btn--ghost btn--block" to="/guest_login" data-testid="login-guest">
            {t('accounts:guest.continue')}
          </Link>
        ) : null}
        {config?.magic_link && smtpEnabled ? (
          <Link
            className="btn btn--ghost btn--block"
            to={email.trim() ? `/send_magic_link/${encodeURIComponent(email.trim())}` : '/email_login'}
            data-testid="login-magic-link"
          >
            {t('accounts:email_login.offer')}
          </Link>
        ) : null}
      </form>
      {config ? <SocialButtons config={config} /> : null}
    </AuthLayout>
  );
}
