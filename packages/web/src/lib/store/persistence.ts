import { LIMITS } from '@parley/protocol';
import type { CachedChat } from './actions';
import { selectCachedMessages } from './reducers/messages';
import type { AppState, AuthState } from './state';

const AUTH_KEY = 'parley.auth';
const SERVER_ID_KEY = 'parley.server_id';
const CHAT_KEY_PREFIX = 'parley.chat.';
const CACHE_VERSION = 1;
/** Matches the server's per-conversation backlog, so a reload shows what a new device would. */
const CACHED_PER_CONVERSATION = LIMITS.streamBacklogPerConversation;
/** Stay well under the usual 5 MB localStorage quota shared with everything else. */
const MAX_CACHE_CHARS = 1_500_000;

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Storage full or disabled: the app keeps working from memory and resyncs from the stream.
    try {
      localStorage.removeItem(key);
    } catch {
      /* storage unavailable */
    }
  }
}

function isAuthState(value: unknown): value is AuthState {
  if (typeof value !== 'object' || value === null) return false;
  const auth = value as Partial<AuthState>;
  return (
    typeof auth.token === 'string' &&
    typeof auth.refreshToken === 'string' &&
    typeof auth.expireTime === 'number' &&
    typeof auth.user === 'object' &&
    auth.user !== null &&
    typeof auth.user.uid === 'number'
  );
}

export function loadAuth(): AuthState | null {
  const value = read(AUTH_KEY);
  return isAuthState(value) ? value : null;
}

export function saveAuth(auth: AuthState | null): void {
  write(AUTH_KEY, auth);
}

export function loadServerId(): string | null {
  const value = read(SERVER_ID_KEY);
  return typeof value === 'string' ? value : null;
}

export function saveServerId(serverId: string): void {
  write(SERVER_ID_KEY, JSON.stringify(serverId));
}

export function loadChatCache(uid: number): CachedChat | null {
  const value = read(CHAT_KEY_PREFIX + uid) as (CachedChat & { v?: number }) | null;
  if (!value || value.v !== CACHE_VERSION || !Array.isArray(value.messages)) return null;
  return {
    afterMid: Number(value.afterMid) || 0,
    usersVersion: Number(value.usersVersion) || 0,
    messages: value.messages,
  };
}

export function saveChatCache(state: AppState): void {
  const uid = state.auth?.user.uid;
  if (uid === undefined) return;
  const cache = {
    v: CACHE_VERSION,
    afterMid: state.messages.afterMid,
    usersVersion: state.users.version,
    messages: selectCachedMessages(state.messages, CACHED_PER_CONVERSATION),
  };
  const text = JSON.stringify(cache);
  // Without its messages a stored after_mid would hide them on the next start, so drop the cache whole.
  write(CHAT_KEY_PREFIX + uid, text.length > MAX_CACHE_CHARS ? null : text);
}

/** Wipes everything this app stored (another server answered at this origin). */
export function clearAllStorage(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('parley.') && key !== 'parley.theme' && key !== 'parley.device')
        localStorage.removeItem(key);
    }
  } catch {
    /* storage unavailable */
  }
}

export function clearChatCache(uid: number): void {
  write(CHAT_KEY_PREFIX + uid, null);
}
