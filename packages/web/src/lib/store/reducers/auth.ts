import type { AuthState } from '../state';
import type { SliceAction } from './slice-action';
import { mergeUserLog } from './users';

export function authReducer(state: AuthState | null, action: SliceAction): AuthState | null {
  switch (action.type) {
    case 'auth/loggedIn': {
      const { login, now } = action;
      return {
        user: login.user,
        token: login.token,
        refreshToken: login.refresh_token,
        expireTime: now + login.expired_in * 1000,
      };
    }
    case 'auth/renewed':
      if (!state) return state;
      return {
        ...state,
        token: action.renew.token,
        refreshToken: action.renew.refresh_token,
        expireTime: action.now + action.renew.expired_in * 1000,
      };
    case 'auth/cleared':
      return null;
    case 'users/loaded': {
      const self = state && action.users.find((user) => user.uid === state.user.uid);
      return self && state ? { ...state, user: self } : state;
    }
    case 'stream/event': {
      const { event } = action;
      if (!state || event.type !== 'users_log') return state;
      let user = state.user;
      for (const log of event.logs) {
        if (log.uid !== user.uid || log.action !== 'update') continue;
        user = mergeUserLog(user, log);
      }
      return user === state.user ? state : { ...state, user };
    }
    default:
      return state;
  }
}
