import Type from 'typebox';
import { SearchHit, SearchQuery } from '../search.js';
import { GidParams, UidParams, type RouteSpec } from './route.js';

const auth = 'header';

/** Parley, beyond VoceChat: message search and typing indicators (docs/api.md). */
export const SEARCH_ROUTES = {
  searchMessages: {
    method: 'GET',
    path: '/message/search',
    auth,
    kind: 'json',
    tag: 'message',
    description:
      'Parley: full-text search over the messages the caller may read, newest first (words, "phrases", prefix*).',
    query: SearchQuery,
    response: Type.Array(SearchHit),
  },
  typingInGroup: {
    method: 'POST',
    path: '/group/:gid/typing',
    auth,
    kind: 'empty',
    tag: 'message',
    description: 'Parley: the caller is typing in the channel; its readers get `user_typing` (throttled).',
    params: GidParams,
  },
  typingToUser: {
    method: 'POST',
    path: '/user/:uid/typing',
    auth,
    kind: 'empty',
    tag: 'message',
    description: 'Parley: the caller is typing to the user, who gets `user_typing` (throttled).',
    params: UidParams,
  },
} as const satisfies Record<string, RouteSpec>;
