import type { Ctx } from '../context.js';
import { inviteByEmail } from '../services/email-invites.js';
import { listInvites, revokeInvite } from '../services/invites.js';
import type { Handlers } from './register.js';

/** Listing and revoking invite links, and invitations by e-mail (docs/api.md, "Invites"). */
export const inviteHandlers = (ctx: Ctx) =>
  ({
    listInvites: (req) => listInvites(ctx, req.actor, req.query.gid),
    inviteByEmail: (req) => inviteByEmail(ctx, req.actor, req.body, `${req.protocol}://${req.host}`),
    revokeInvite: (req) => revokeInvite(ctx, req.actor, req.params.id),
  }) satisfies Partial<Handlers>;
