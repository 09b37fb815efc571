import type { Action } from './actions';
import { authReducer } from './reducers/auth';
import { chatSettingsReducer } from './reducers/chat-settings';
import { groupsReducer } from './reducers/groups';
import { messagesReducer } from './reducers/messages';
import { readsReducer } from './reducers/reads';
import { serverReducer } from './reducers/server';
import type { SliceAction, SliceContext } from './reducers/slice-action';
import { streamReducer } from './reducers/stream';
import { usersReducer } from './reducers/users';
import type { AppState } from './state';

export function rootReducer(state: AppState, action: Action): AppState {
  if (action.type === 'stream/events') {
    return action.events.reduce((acc, event) => reduceSlices(acc, { type: 'stream/event', event }), state);
  }
  return reduceSlices(state, action);
}

function reduceSlices(state: AppState, action: SliceAction): AppState {
  const ctx: SliceContext = { selfUid: state.auth?.user.uid ?? null, users: state.users.byId };
  const next: AppState = {
    auth: authReducer(state.auth, action),
    server: serverReducer(state.server, action),
    users: usersReducer(state.users, action),
    groups: groupsReducer(state.groups, action, ctx),
    messages: messagesReducer(state.messages, action, ctx),
    reads: readsReducer(state.reads, action),
    chatSettings: chatSettingsReducer(state.chatSettings, action),
    stream: streamReducer(state.stream, action),
    online: action.type === 'network/online' ? action.online : state.online,
    tabActive: action.type === 'tab/deactivated' ? false : state.tabActive,
  };
  const changed = (Object.keys(next) as (keyof AppState)[]).some((key) => next[key] !== state[key]);
  return changed ? next : state;
}
