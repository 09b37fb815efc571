import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkMagicToken, isApiError, register, type ErrorOverrides } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { startSession } from '../../lib/session';
import { Button, TextField } from '../../ui';
import { AuthLayout } from './auth-layout';
import { readMagicToken } from './magic-token';
import { useLoginConfig } from './use-login-config';
import { validateAccount, type AccountErrors, type AccountInput } from './validate-account';

const REGISTER_ERRORS: ErrorOverrides = {
  403: 'auth:register.invitation_only',
  412: 'auth:register.invite_invalid',
  409: (error) =>
    error.reason === 'email_conflict' ? 'auth:register.email_taken' : 'auth:register.name_taken',
};

type TokenState = 'none' | 'checking' | 'valid' | 'invalid';

export function RegisterPage() {
  const { t } = useTranslation(['auth']);
  const config = useLoginConfig();
  const [magicToken] = useState(() => readMagicToken(window.location.search, window.location.hash));
  const [tokenState, setTokenState] = useState<TokenState>(magicToken ? 'checking' : 'none');
  const [input, setInput] = useState<AccountInput>({ email: '', name: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<AccountErrors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!magicToken) return;
    let active = true;
    checkMagicToken(magicToken)
      .then((valid) => active && setTokenState(valid === false ? 'invalid' : 'valid'))
      // An older server without the check: let registration itself decide.
      .catch(() => active && setTokenState('valid'));
    return () => {
      active = false;
    };
  }, [magicToken]);

  const update = (field: keyof AccountInput) => (value: string) => {
    setInput((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAccount(input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const response = await register(
        {
          email: input.email.trim(),
          password: input.password,
          name: input.name.trim(),
          magic_token: magicToken ?? undefined,
          gender: 0,
          language: currentLanguage(),
          device: 'browser',
        },
        REGISTER_ERRORS,
      );
      // The invite token is spent; keep it out of the address bar (and out of later screens).
      if (new URLSearchParams(window.location.search).has('magic_token')) {
        window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
      }
      startSession(response);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setErrors(
          error.reason === 'email_conflict'
            ? { email: 'auth:register.email_taken' }
            : { name: 'auth:register.name_taken' },
        );
      }
      if (isApiError(error) && error.status === 412) setTokenState('invalid');
      setSubmitting(false);
    }
  };

  const invitationOnly = config?.who_can_sign_up === 'InvitationOnly' && !magicToken;
  const fieldError = (field: keyof AccountInput) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={magicToken ? t('register.subtitle_invited') : t('register.subtitle')}
      footer={
        <p>
          {t('register.have_account')}{' '}
          <Link to="/login" data-testid="register-login-link">
            {t('register.sign_in')}
          </Link>
        </p>
      }
    >
      {tokenState === 'invalid' ? (
        <p
          className="auth-form__notice auth-form__notice--error"
          role="alert"
          data-testid="register-invite-invalid"
        >
          {t('register.invite_invalid')}
        </p>
      ) : null}
      {invitationOnly ? (
        <p className="auth-form__notice" data-testid="register-invitation-only">
          {t('register.invitation_only')}
        </p>
      ) : null}
      <form className="auth-form" onSubmit={submit} noValidate data-testid="register-form">
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          autoFocus
          value={input.email}
          onChange={(event) => update('email')(event.target.value)}
          error={fieldError('email')}
          data-testid="register-email"
        />
        <TextField
          label={t('fields.name')}
          autoComplete="nickname"
          required
          maxLength={32}
          value={input.name}
          onChange={(event) => update('name')(event.target.value)}
          error={fieldError('name')}
          data-testid="register-name"
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          required
          value={input.password}
          onChange={(event) => update('password')(event.target.value)}
          error={fieldError('password')}
          hint={t('fields.password_hint', { count: 8 })}
          data-testid="register-password"
        />
        <TextField
          label={t('fields.confirm_password')}
          type="password"
          autoComplete="new-password"
          required
          value={input.confirm}
          onChange={(event) => update('confirm')(event.target.value)}
          error={fieldError('confirm')}
          data-testid="register-confirm"
        />
        <Button
          type="submit"
          block
          loading={submitting}
          disabled={tokenState === 'checking'}
          data-testid="register-submit"
        >
          {submitting ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
