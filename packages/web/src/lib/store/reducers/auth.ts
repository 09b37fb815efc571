import type { AuthState } from '../state';
import type { SliceAction } from './slice-action';

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
        user = {
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
      return user === state.user ? state : { ...state, user };
    }
    default:
      return state;
  }
}
