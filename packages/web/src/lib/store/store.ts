import { useSyncExternalStore } from 'react';
import type { Action } from './actions';
import { createStore } from './create-store';
import { loadAuth, loadChatCache } from './persistence';
import { rootReducer } from './root-reducer';
import { createInitialState, type AppState } from './state';

function bootState(): AppState {
  const auth = loadAuth();
  const state = createInitialState({
    auth,
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
  });
  const cache = auth ? loadChatCache(auth.user.uid) : null;
  return cache ? rootReducer(state, { type: 'cache/restored', cache }) : state;
}

export const store = createStore<AppState, Action>(rootReducer, bootState());
export const dispatch = store.dispatch;
export const getState = store.getState;

/** Selectors must return values already held in the state (or primitives); derive lists with `useMemo`. */
export function useAppSelector<T>(selector: (state: AppState) => T): T {
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}
