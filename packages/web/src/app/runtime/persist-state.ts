import { store } from '../../lib/store';
import { saveAuth, saveChatCache } from '../../lib/store/persistence';

const CACHE_DELAY_MS = 1000;

/** Mirrors the login to localStorage at once and the message cache at most once a second. */
export function startPersistence(): () => void {
  let previous = store.getState();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    // An inactive tab holds an older copy; the active tab owns the cache.
    if (store.getState().tabActive) saveChatCache(store.getState());
  };

  const unsubscribe = store.subscribe(() => {
    const state = store.getState();
    if (state.auth !== previous.auth) saveAuth(state.auth);
    const cacheChanged =
      state.messages !== previous.messages || state.users.version !== previous.users.version;
    previous = state;
    if (cacheChanged && state.auth) timer ??= setTimeout(flush, CACHE_DELAY_MS);
  });
  window.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    if (timer) clearTimeout(timer);
  };
}
