import type { UserInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../lib/store';

export function useUser(uid: number): UserInfo | undefined {
  return useAppSelector(
    (state) => state.users.byId[uid] ?? (state.auth?.user.uid === uid ? state.auth.user : undefined),
  );
}

/** A user's name, or a placeholder for someone not (or no longer) in the user list. */
export function useUserName(uid: number): string {
  const { t } = useTranslation('member');
  const user = useUser(uid);
  return user?.name || t('unknown_user', { uid });
}

/** Presence: always online for oneself while connected, otherwise what the stream reported. */
export function useIsOnline(uid: number): boolean {
  return useAppSelector((state) =>
    state.auth?.user.uid === uid ? state.stream.status === 'connected' : state.users.online[uid] === true,
  );
}
