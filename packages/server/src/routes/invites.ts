import type { Ctx } from '../context.js';
import { listInvites, revokeInvite } from '../services/invites.js';
import type { Handlers } from './register.js';

/** Listing and revoking invite links (docs/api.md, "Invites"). */
export const inviteHandlers = (ctx: Ctx) =>
  ({
    listInvites: (req) => listInvites(ctx, req.actor, req.query.gid),
    revokeInvite: (req) => revokeInvite(ctx, req.actor, req.params.id),
  }) satisfies Partial<Handlers>;
