import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkMagicToken, isApiError, register, type ErrorOverrides } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { startSession } from '../../lib/session';
import { Button } from '../../ui';
import { AccountFields, useAccountForm } from './account-form';
import { AuthLayout } from './auth-layout';
import { readMagicToken } from './magic-token';
import { useLoginConfig } from './use-login-config';

const REGISTER_ERRORS: ErrorOverrides = {
  403: 'auth:register.invitation_only',
  // Shown next to the field (409) or as the invalid-invite notice (412), so no toast repeats them.
  412: null,
  409: null,
};

type TokenState = 'none' | 'checking' | 'valid' | 'invalid';

export function RegisterPage() {
  const { t } = useTranslation(['auth']);
  const config = useLoginConfig();
  const [magicToken] = useState(() => readMagicToken(window.location.search, window.location.hash));
  const [tokenState, setTokenState] = useState<TokenState>(magicToken ? 'checking' : 'none');
  const form = useAccountForm();
  const { input } = form;
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
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
      // Errors of earlier attempts are answered now; they must not follow the user into the app.
      toast.dismiss();
      startSession(response);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        form.setErrors(
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
        <AccountFields form={form} testIdPrefix="register" autoFocus />
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
