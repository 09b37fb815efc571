export type { Action, CachedChat } from './actions';
export { convOfMessage, groupConv, parseConv, userConv, type ParsedConv } from './conversation';
export type { StreamEvent } from './events';
export { useGroupsByName, useUsersByName } from './by-name';
export { dispatch, getState, store, useAppSelector } from './store';
export { isMuted } from './reducers/chat-settings';
export { totalUnread, unreadTitle } from './unread-total';
export type {
  AppState,
  AuthState,
  ChatSettingsState,
  Conversation,
  ConvKey,
  LikeRecord,
  Message,
  StreamStatus,
} from './state';
