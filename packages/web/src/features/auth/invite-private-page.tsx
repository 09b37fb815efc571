import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { checkMagicToken, isApiError, joinPrivate } from '../../lib/api';
import { Button } from '../../ui';
import { AuthLayout } from './auth-layout';
import { readMagicToken } from './magic-token';

type State = 'checking' | 'valid' | 'invalid' | 'already' | 'joining';

/**
 * `/invite_private/:gid?magic_token=…` (SPEC §2, §8): checks the invite, offers to join, and after
 * joining opens the channel with a reload (as the VoceChat client does).
 */
export function InvitePrivatePage() {
  const { t } = useTranslation('accounts');
  const { gid } = useParams();
  const [token] = useState(() => readMagicToken(window.location.search, window.location.hash));
  const [state, setState] = useState<State>(token ? 'checking' : 'invalid');

  useEffect(() => {
    if (!token) return;
    let active = true;
    checkMagicToken(token)
      .then((usable) => active && setState(usable === false ? 'invalid' : 'valid'))
      .catch(() => active && setState('valid'));
    return () => {
      active = false;
    };
  }, [token]);

  const join = async () => {
    if (!token) return;
    setState('joining');
    try {
      const group = await joinPrivate(token);
      window.location.hash = `#/chat/channel/${group.gid}`;
      window.location.reload();
    } catch (error) {
      if (isApiError(error) && error.status === 412) setState('already');
      else if (isApiError(error) && error.status === 409) setState('invalid');
      else setState('valid');
    }
  };

  const message =
    state === 'checking'
      ? t('invite_private.checking')
      : state === 'invalid'
        ? t('invite_private.invalid')
        : state === 'already'
          ? t('invite_private.already')
          : t('invite_private.invited');
  return (
    <AuthLayout title={t('invite_private.title')}>
      <p
        className={`auth-form__notice${state === 'invalid' ? ' auth-form__notice--error' : ''}`}
        role={state === 'invalid' || state === 'already' ? 'alert' : 'status'}
        data-testid="invite-private-state"
        data-state={state}
        data-gid={gid}
      >
        {message}
      </p>
      <Button
        block
        loading={state === 'joining'}
        disabled={state !== 'valid'}
        onClick={() => void join()}
        data-testid="invite-private-join"
      >
        {t('invite_private.join')}
      </Button>
    </AuthLayout>
  );
}
