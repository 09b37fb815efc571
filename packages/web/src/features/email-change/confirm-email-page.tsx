import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { call, isApiError } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { Button } from '../../ui';
import { AuthLayout } from '../auth';

type State = { kind: 'ready' | 'busy' | 'invalid' | 'taken' } | { kind: 'done'; email: string };

/**
 * `/confirm_email/:token`, the link of an e-mail change (docs/api.md, "Changing the e-mail
 * address"). Opening the page changes nothing (mail scanners follow links): the button does.
 * Works signed in or not, on any device.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('myaccount');
  const { token = '' } = useParams();
  const signedIn = useAppSelector((state) => state.auth !== null && state.auth.user.create_by !== 'guest');
  const [state, setState] = useState<State>({ kind: 'ready' });

  const confirm = async () => {
    setState({ kind: 'busy' });
    try {
      const { email } = await call(
        'confirmEmailChange',
        { body: { token } },
        { errors: { 409: null, 410: null, 400: null } },
      );
      setState({ kind: 'done', email });
    } catch (error) {
      if (isApiError(error) && error.status === 409) setState({ kind: 'taken' });
      else if (isApiError(error) && (error.status === 410 || error.status === 400))
        setState({ kind: 'invalid' });
      else setState({ kind: 'ready' });
    }
  };

  const message =
    state.kind === 'done'
      ? t('confirm.done', { email: state.email })
      : state.kind === 'invalid'
        ? t('confirm.invalid')
        : state.kind === 'taken'
          ? t('confirm.taken')
          : state.kind === 'busy'
            ? t('confirm.busy')
            : t('confirm.intro');
  const failed = state.kind === 'invalid' || state.kind === 'taken';
  return (
    <AuthLayout title={t('confirm.title')}>
      <p
        className={`auth-form__notice${failed ? ' auth-form__notice--error' : ''}`}
        role={failed ? 'alert' : 'status'}
        data-testid="confirm-email-state"
        data-state={state.kind}
      >
        {message}
      </p>
      {state.kind === 'ready' || state.kind === 'busy' ? (
        <Button
          block
          loading={state.kind === 'busy'}
          onClick={() => void confirm()}
          data-testid="confirm-email-button"
        >
          {t('confirm.button')}
        </Button>
      ) : (
        <Link
          className="btn btn--primary btn--block"
          to={signedIn ? '/setting/account' : '/login'}
          data-testid="confirm-email-continue"
        >
          {t('confirm.continue')}
        </Link>
      )}
    </AuthLayout>
  );
}
