import type { Ctx } from '../context.js';
import { imageBytes } from '../http/body.js';
import * as members from '../services/admin-members.js';
import * as data from '../services/data.js';
import type { Handlers } from './register.js';

export const adminHandlers = (ctx: Ctx) =>
  ({
    adminDeleteUser: (req) => members.deleteUser(ctx, req.actor, req.params.uid),
    adminSetUserAvatar: (req) => members.setUserAvatar(ctx, req.actor, req.params.uid, imageBytes(req)),
    adminListSessions: (req) => members.listSessions(ctx, req.actor, req.params.uid),
    adminRevokeSession: (req) => members.revokeSession(ctx, req.actor, req.params.uid, req.params.device),
    clearAllMessages: (req) => data.clearAllMessages(ctx, req.actor),
  }) satisfies Partial<Handlers>;
