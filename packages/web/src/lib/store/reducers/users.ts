import type { UserInfo, UserLog } from '@parley/protocol';
import { initialUsersState, type UsersState } from '../state';
import type { SliceAction } from './slice-action';

export function usersReducer(state: UsersState, action: SliceAction): UsersState {
  switch (action.type) {
    case 'users/loaded':
      return { ...state, byId: indexUsers(action.users) };
    case 'cache/restored':
      return { ...state, version: action.cache.usersVersion };
    case 'auth/cleared':
      return initialUsersState;
    case 'stream/event':
      return applyEvent(state, action.event);
    default:
      return state;
  }
}

function applyEvent(
  state: UsersState,
  event: Extract<SliceAction, { type: 'stream/event' }>['event'],
): UsersState {
  switch (event.type) {
    case 'users_snapshot':
      return { ...state, byId: indexUsers(event.users), version: event.version };
    case 'users_log':
      return event.logs.reduce(applyLog, state);
    case 'users_state':
      return { ...state, online: Object.fromEntries(event.users.map((user) => [user.uid, user.online])) };
    case 'users_state_changed':
      return { ...state, online: { ...state.online, [event.uid]: event.online } };
    default:
      return state;
  }
}

function indexUsers(users: readonly UserInfo[]): Record<number, UserInfo> {
  return Object.fromEntries(users.map((user) => [user.uid, user]));
}

function applyLog(state: UsersState, log: UserLog): UsersState {
  const version = Math.max(state.version, log.log_id);
  const current = state.byId[log.uid];
  if (log.action === 'delete') {
    const byId = { ...state.byId };
    delete byId[log.uid];
    const online = { ...state.online };
    delete online[log.uid];
    return { ...state, byId, online, version };
  }
  const base: UserInfo = current ?? {
    uid: log.uid,
    email: null,
    name: '',
    gender: 0,
    language: 'en-US',
    is_admin: false,
    is_bot: false,
    avatar_updated_at: 0,
    create_by: 'password',
  };
  return { ...state, byId: { ...state.byId, [log.uid]: mergeUserLog(base, log) }, version };
}

/** A user with the fields a `users_log` row carries applied; `null` means unchanged (API.md §9.3). */
export function mergeUserLog(user: UserInfo, log: UserLog): UserInfo {
  return {
    ...user,
    email: log.email ?? user.email,
    name: log.name ?? user.name,
    gender: log.gender ?? user.gender,
    language: log.language ?? user.language,
    is_admin: log.is_admin ?? user.is_admin,
    is_bot: log.is_bot ?? user.is_bot,
    avatar_updated_at: log.avatar_updated_at ?? user.avatar_updated_at,
  };
}
