import type { Ctx } from '../context.js';
import * as contacts from '../services/contacts.js';
import * as settings from '../services/user-settings.js';
import type { Handlers } from './register.js';

export const conversationHandlers = (ctx: Ctx) =>
  ({
    mute: (req) => settings.mute(ctx, req.actor, req.body),
    pinChat: (req) => settings.pinChat(ctx, req.actor, req.body),
    unpinChat: (req) => settings.unpinChat(ctx, req.actor, req.body),
    burnAfterReading: (req) => settings.burnAfterReading(ctx, req.actor, req.body),
    updateContactStatus: (req) => contacts.updateContactStatus(ctx, req.actor, req.body),
    searchUser: (req) => contacts.searchUser(ctx, req.actor, req.body),
  }) satisfies Partial<Handlers>;
