export { filterUsers } from './filter-users';
export { UserAvatar } from './user-avatar';
export { useIsOnline, useUser, useUserName } from './use-user';
/** The members section with its contacts and search, loaded on first visit (not part of the chat screen). */
export const loadUsersPage = () => import('./users-page');
