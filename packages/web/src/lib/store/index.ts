export type { Action, CachedChat } from './actions';
export { convOfMessage, groupConv, parseConv, userConv, type ParsedConv } from './conversation';
export type { StreamEvent } from './events';
export { dispatch, getState, store, useAppSelector } from './store';
export type { AppState, AuthState, Conversation, ConvKey, LikeRecord, Message, StreamStatus } from './state';
