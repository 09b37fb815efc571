import Type from 'typebox';
import { InviteIdParams, InviteInfo, InviteListQuery } from '../invites.js';
import type { RouteSpec } from './route.js';

const tag = 'invite';

/** Parley's own invite management (docs/api.md, "Invites"); the VoceChat contract has none. */
export const INVITE_ROUTES = {
  listInvites: {
    method: 'GET',
    path: '/invites',
    auth: 'header',
    kind: 'json',
    tag,
    query: InviteListQuery,
    response: Type.Array(InviteInfo),
  },
  revokeInvite: {
    method: 'DELETE',
    path: '/invites/:id',
    auth: 'header',
    kind: 'empty',
    tag,
    params: InviteIdParams,
  },
} as const satisfies Record<string, RouteSpec>;
