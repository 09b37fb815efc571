export { filterUsers } from './filter-users';
export { UserAvatar } from './user-avatar';
export { useIsOnline, useUser, useUserName } from './use-user';
