import { LIMITS } from '@parley/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { useTranslation } from 'react-i18next';
import { checkMagicToken, isApiError, magicLinkLogin } from '../../lib/api';
import { getDeviceId, startSession } from '../../lib/session';
import { Button, TextField } from '../../ui';
import { AuthLayout } from './auth-layout';
import { forgetMagicToken } from './magic-link';
import { MagicLinkInvalid } from './magic-link-landing';
import { readMagicToken } from './magic-token';

/**
 * `/register/set_name`: the last step of signing up by link. The name goes with the link's token
 * (`magiclink` credential with `extra_name`), which creates the account and signs it in.
 */
export function SetNamePage() {
  const { t } = useTranslation(['accounts', 'auth']);
  const [token] = useState(() => readMagicToken(window.location.search, window.location.hash));
  const [name, setName] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [state, setState] = useState<'form' | 'invalid' | 'closed'>(token ? 'form' : 'invalid');

  // A spent or expired link says so at once, not after the name is typed.
  useEffect(() => {
    if (!token) return;
    let active = true;
    checkMagicToken(token)
      .then((usable) => active && usable === false && setState('invalid'))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token || !name.trim()) return;
    setSubmitting(true);
    try {
      const response = await magicLinkLogin(token, name.trim(), getDeviceId(), { 401: null, 403: null });
      forgetMagicToken();
      toast.dismiss();
      startSession(response);
    } catch (error) {
      if (isApiError(error) && error.status === 401) setState('invalid');
      if (isApiError(error) && error.status === 403) setState('closed');
      setSubmitting(false);
    }
  };

  if (state === 'invalid') return <MagicLinkInvalid />;
  return (
    <AuthLayout title={t('set_name.title')} subtitle={t('set_name.subtitle')}>
      {state === 'closed' ? (
        <p className="auth-form__notice auth-form__notice--error" role="alert" data-testid="set-name-closed">
          {t('set_name.closed')}
        </p>
      ) : null}
      <form className="auth-form" onSubmit={submit} data-testid="set-name-form">
        <TextField
          label={t('auth:fields.name')}
          name="name"
          autoComplete="nickname"
          required
          autoFocus
          maxLength={LIMITS.nameMaxLength}
          value={name}
          onChange={(event) => setName(event.target.value)}
          data-testid="set-name-name"
        />
        <Button type="submit" block loading={submitting} data-testid="set-name-submit">
          {submitting ? t('set_name.submitting') : t('set_name.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
