import type { Ctx } from '../context.js';
import * as messages from '../services/messages.js';
import * as ops from '../services/message-ops.js';
import * as pins from '../services/pins.js';
import { outgoing } from './outgoing.js';
import type { Handlers } from './register.js';

export const messageHandlers = (ctx: Ctx) =>
  ({
    sendToGroup: (req) => messages.sendToGroup(ctx, req.actor, req.params.gid, outgoing(req)),
    sendToUser: (req) => messages.sendToUser(ctx, req.actor, req.params.uid, outgoing(req)),
    groupHistory: (req) => messages.groupHistory(ctx, req.actor, req.params.gid, req.query),
    dmHistory: (req) => messages.dmHistory(ctx, req.actor, req.params.uid, req.query),
    replyMessage: (req) => ops.replyMessage(ctx, req.actor, req.params.mid, outgoing(req)),
    editMessage: (req) => ops.editMessage(ctx, req.actor, req.params.mid, outgoing(req)),
    messageVersions: (req) => ops.messageVersions(ctx, req.actor, req.params.mid),
    likeMessage: (req) => ops.likeMessage(ctx, req.actor, req.params.mid, req.body),
    deleteMessage: (req) => ops.deleteMessage(ctx, req.actor, req.params.mid),
    deleteMessages: (req) => ops.deleteMessageList(ctx, req.actor, req.params.mids),
    pinMessage: (req) => pins.pinMessage(ctx, req.actor, req.params.gid, req.body),
    unpinMessage: (req) => pins.unpinMessage(ctx, req.actor, req.params.gid, req.body),
    updateReadIndex: (req) => messages.updateReadIndex(ctx, req.actor, req.body),
  }) satisfies Partial<Handlers>;
