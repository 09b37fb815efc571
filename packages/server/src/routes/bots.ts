import type { Ctx } from '../context.js';
import * as admin from '../services/admin-users.js';
import * as members from '../services/admin-members.js';
import * as keys from '../services/bot-keys.js';
import * as bots from '../services/bots.js';
import * as messages from '../services/messages.js';
import * as webhooks from '../services/webhooks.js';
import { outgoing } from './outgoing.js';
import type { Handlers } from './register.js';

export const botHandlers = (ctx: Ctx) =>
  ({
    adminCreateUser: (req) => admin.createUser(ctx, req.actor, req.body),
    adminListUsers: (req) => admin.listUsers(ctx, req.actor),
    adminGetUser: (req) => admin.getUser(ctx, req.actor, req.params.uid),
    adminUpdateUser: (req) => members.updateUser(ctx, req.actor, req.params.uid, req.body),
    createBotKey: (req) => keys.createBotKey(ctx, req.actor, req.params.uid, req.body),
    listBotKeys: (req) => keys.listBotKeys(ctx, req.actor, req.params.uid),
    deleteBotKey: (req) => keys.deleteBotKey(ctx, req.actor, req.params.uid, req.params.kid),
    getBotWebhook: (req) => webhooks.getBotWebhook(ctx, req.actor, req.params.uid),
    rotateBotWebhookSecret: (req) => webhooks.rotateWebhookSecret(ctx, req.actor, req.params.uid),
    listWebhookDeliveries: (req) => webhooks.listDeliveries(ctx, req.actor, req.params.uid),
    botGroups: (req) => bots.botGroups(ctx, req.actor, req.query),
    botSendToGroup: (req) => messages.sendToGroup(ctx, req.actor, req.params.gid, outgoing(req)),
    botSendToUser: (req) => messages.sendToUser(ctx, req.actor, req.params.uid, outgoing(req)),
    botGetUser: (req) => bots.botUser(ctx, req.params.uid),
    botGetGroup: (req) => bots.botGroup(ctx, req.actor, req.params.gid),
  }) satisfies Partial<Handlers>;
