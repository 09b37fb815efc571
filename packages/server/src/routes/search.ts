import type { Ctx } from '../context.js';
import { searchMessages } from '../services/search.js';
import { typingInGroup, typingToUser } from '../services/typing.js';
import type { Handlers } from './register.js';

export const searchHandlers = (ctx: Ctx) =>
  ({
    searchMessages: (req) => searchMessages(ctx, req.actor, req.query),
    typingInGroup: (req) => typingInGroup(ctx, req.actor, req.params.gid),
    typingToUser: (req) => typingToUser(ctx, req.actor, req.params.uid),
  }) satisfies Partial<Handlers>;
