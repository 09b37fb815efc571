import Type from 'typebox';
import { EmailInviteRequest, InviteIdParams, InviteInfo, InviteListQuery } from '../invites.js';
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
  inviteByEmail: {
    method: 'POST',
    path: '/invites/email',
    auth: 'header',
    kind: 'empty',
    tag,
    description:
      'Administrators: mails a single-use sign-up link whose account joins the channels given; 409 when the address has an account, 503 without SMTP.',
    body: EmailInviteRequest,
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
