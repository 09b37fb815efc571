import { avatarUrl } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { Avatar } from '../../ui';
import { useIsOnline, useUser, useUserName } from './use-user';

interface UserAvatarProps {
  uid: number;
  size?: number;
  showPresence?: boolean;
}

/** The user's picture (`/api/resource/avatar`) when they uploaded one, else coloured initials. */
export function UserAvatar({ uid, size = 36, showPresence = false }: UserAvatarProps) {
  const user = useUser(uid);
  const name = useUserName(uid);
  const online = useIsOnline(uid);
  // An administrator may hide who is online (`show_user_online_status`); it applies live.
  const presenceShown = useAppSelector((state) => state.server.common?.show_user_online_status !== false);
  return (
    <Avatar
      name={name}
      colorId={uid}
      src={user ? avatarUrl(uid, user.avatar_updated_at) : null}
      size={size}
      online={showPresence && presenceShown ? online : undefined}
    />
  );
}
