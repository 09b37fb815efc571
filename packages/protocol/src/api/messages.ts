import Type from 'typebox';
import { Id } from '../common.js';
import { EventsQuery } from '../events.js';
import { ChatMessage, HistoryQuery, ReadIndexRequest } from '../messages.js';
import { GidParams, UidParams, type RouteSpec } from './route.js';

const tag = 'message';
const auth = 'header';
const sendDescription =
  'Body is the raw message text; Content-Type text/plain or text/markdown; optional X-Properties header.';

export const MESSAGE_ROUTES = {
  sendToGroup: {
    method: 'POST',
    path: '/group/:gid/send',
    auth,
    kind: 'json',
    tag,
    description: sendDescription,
    params: GidParams,
    upload: 'message',
    response: Id,
  },
  sendToUser: {
    method: 'POST',
    path: '/user/:uid/send',
    auth,
    kind: 'json',
    tag,
    description: sendDescription,
    params: UidParams,
    upload: 'message',
    response: Id,
  },
  groupHistory: {
    method: 'GET',
    path: '/group/:gid/history',
    auth,
    kind: 'json',
    tag,
    params: GidParams,
    query: HistoryQuery,
    response: Type.Array(ChatMessage),
  },
  dmHistory: {
    method: 'GET',
    path: '/user/:uid/history',
    auth,
    kind: 'json',
    tag,
    params: UidParams,
    query: HistoryQuery,
    response: Type.Array(ChatMessage),
  },
  updateReadIndex: {
    method: 'POST',
    path: '/user/read-index',
    auth,
    kind: 'empty',
    tag,
    body: ReadIndexRequest,
  },
} as const satisfies Record<string, RouteSpec>;

export const EVENT_ROUTES = {
  openEvents: {
    method: 'GET',
    path: '/user/events',
    auth: 'query',
    kind: 'events',
    tag: 'events',
    description: 'Server-sent events: one `data: <json>` line per event (API.md §9).',
    query: EventsQuery,
  },
} as const satisfies Record<string, RouteSpec>;
