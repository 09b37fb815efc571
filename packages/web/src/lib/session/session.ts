import type { LoginResponse } from '@parley/protocol';
import { logout } from '../api';
import { dispatch, getState } from '../store';
import { clearChatCache, saveServerId } from '../store/persistence';

/** Stores a successful login (or registration); the stream starts as soon as the token exists. */
export function startSession(login: LoginResponse): void {
  dispatch({ type: 'auth/loggedIn', login, now: Date.now() });
  if (login.server_id) saveServerId(login.server_id);
}

/** Forgets the local login without calling the server (kicks, deleted accounts). */
export function endSession(): void {
  if (getState().auth) dispatch({ type: 'auth/cleared' });
}

/** Explicit logout: tells the server, then wipes the local login and this user's cached messages. */
export async function signOut(): Promise<void> {
  const uid = getState().auth?.user.uid;
  try {
    await logout();
  } catch {
    // The local logout goes ahead even when the server cannot be reached.
  }
  if (uid !== undefined) clearChatCache(uid);
  endSession();
}
