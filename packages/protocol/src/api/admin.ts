import Type from 'typebox';
import { AdminSession, AdminSessionParams } from '../admin.js';
import { UidParams, type RouteSpec } from './route.js';

const tag = 'admin';
const auth = 'header';

/** Member administration and data management (API.md §3, §11.1); every route is admin-only. */
export const ADMIN_ROUTES = {
  adminDeleteUser: {
    method: 'DELETE',
    path: '/admin/user/:uid',
    auth,
    kind: 'empty',
    tag,
    description: 'Deletes a member; 403 for oneself and for the founder (uid 1).',
    params: UidParams,
  },
  adminSetUserAvatar: {
    method: 'POST',
    path: '/admin/user/:uid/avatar',
    auth,
    kind: 'empty',
    tag,
    params: UidParams,
    upload: 'image',
  },
  adminListSessions: {
    method: 'GET',
    path: '/admin/user/:uid/sessions',
    auth,
    kind: 'json',
    tag,
    description: 'Parley: the devices a member is signed in on.',
    params: UidParams,
    response: Type.Array(AdminSession),
  },
  adminRevokeSession: {
    method: 'DELETE',
    path: '/admin/user/:uid/sessions/:device',
    auth,
    kind: 'empty',
    tag,
    description: 'Parley: ends one session of a member; its stream closes at once.',
    params: AdminSessionParams,
  },
  clearAllMessages: {
    method: 'DELETE',
    path: '/admin/system/message/clear',
    auth,
    kind: 'empty',
    tag,
    description: 'Deletes every message; every client receives `message_cleared`.',
  },
} as const satisfies Record<string, RouteSpec>;
