import { LIMITS } from '@parley/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button, TextField } from '../../ui';
import { clearSecondFactor } from './challenge-store';
import { useEnterApp } from './enter-app';

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function SecondFactorStep({ mfaToken }: { mfaToken: string }) {
  const { t } = useTranslation('twofactor');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<'wrong' | 'limited' | null>(null);
  const enter = useEnterApp();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const response = await call(
        'loginTotp',
        { body: { mfa_token: mfaToken, code: code.trim() } },
        { errors: { 401: null, 429: null } },
      );
      toast.dismiss();
      await enter(response);
      clearSecondFactor();
    } catch (failure) {
      setError(isApiError(failure) && failure.status === 429 ? 'limited' : 'wrong');
      setCode('');
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} data-testid="totp-login-form">
      <p className="auth-form__notice">{t('login_hint')}</p>
      <TextField
        label={t('login_code')}
        name="one-time-code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
        maxLength={LIMITS.totpCodeMaxLength}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error ? t(error === 'limited' ? 'login_limited' : 'login_wrong') : undefined}
        data-testid="totp-login-code"
      />
      <Button type="submit" block loading={busy} data-testid="totp-login-submit">
        {t('login_submit')}
      </Button>
      <Button type="button" variant="ghost" block onClick={clearSecondFactor} data-testid="totp-login-back">
        {t('back')}
      </Button>
    </form>
  );
}
