import Type from 'typebox';
import {
  AdminUser,
  BotGroupsQuery,
  BotKey,
  BotKeyParams,
  BotWebhook,
  CreateAdminUserRequest,
  CreateBotKeyRequest,
  UpdateAdminUserRequest,
  WebhookDelivery,
} from '../bots.js';
import { Id } from '../common.js';
import { Group } from '../groups.js';
import { UserInfo } from '../users.js';
import { GidParams, UidParams, type RouteSpec } from './route.js';

const tag = 'admin';
const auth = 'header';

/** Administrators create bots (users with `is_bot`), their keys and their webhooks (API.md §10.1, §11.1). */
export const BOT_ADMIN_ROUTES = {
  adminCreateUser: {
    method: 'POST',
    path: '/admin/user',
    auth,
    kind: 'json',
    tag,
    body: CreateAdminUserRequest,
    response: AdminUser,
  },
  adminListUsers: {
    method: 'GET',
    path: '/admin/user',
    auth,
    kind: 'json',
    tag,
    response: Type.Array(AdminUser),
  },
  adminGetUser: {
    method: 'GET',
    path: '/admin/user/:uid',
    auth,
    kind: 'json',
    tag,
    params: UidParams,
    response: AdminUser,
  },
  adminUpdateUser: {
    method: 'PUT',
    path: '/admin/user/:uid',
    auth,
    kind: 'json',
    tag,
    params: UidParams,
    body: UpdateAdminUserRequest,
    response: AdminUser,
  },
  createBotKey: {
    method: 'POST',
    path: '/admin/user/bot-api-key/:uid',
    auth,
    kind: 'json',
    tag,
    description: 'The whole key is in this answer only; lists show its prefix.',
    params: UidParams,
    body: CreateBotKeyRequest,
    response: Type.String(),
  },
  listBotKeys: {
    method: 'GET',
    path: '/admin/user/bot-api-key/:uid',
    auth,
    kind: 'json',
    tag,
    params: UidParams,
    response: Type.Array(BotKey),
  },
  deleteBotKey: {
    method: 'DELETE',
    path: '/admin/user/bot-api-key/:uid/:kid',
    auth,
    kind: 'empty',
    tag,
    params: BotKeyParams,
  },
  getBotWebhook: {
    method: 'GET',
    path: '/admin/bot/:uid/webhook',
    auth,
    kind: 'json',
    tag,
    description: 'Parley: the webhook URL and the secret its deliveries are signed with.',
    params: UidParams,
    response: BotWebhook,
  },
  rotateBotWebhookSecret: {
    method: 'POST',
    path: '/admin/bot/:uid/webhook/secret',
    auth,
    kind: 'json',
    tag,
    description: 'Parley: a new signing secret; the old one stops at once.',
    params: UidParams,
    response: BotWebhook,
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/admin/bot/:uid/deliveries',
    auth,
    kind: 'json',
    tag,
    description: 'Parley: the newest webhook deliveries of a bot, newest first.',
    params: UidParams,
    response: Type.Array(WebhookDelivery),
  },
} as const satisfies Record<string, RouteSpec>;

const sendDescription = 'As POST /group/{gid}/send and /user/{uid}/send, authenticated by a bot key.';

/** The bot API, authenticated by a bot key in `X-API-Key` (API.md §10.2). */
export const BOT_ROUTES = {
  botGroups: {
    method: 'GET',
    path: '/bot',
    auth: 'bot',
    kind: 'json',
    tag: 'bot',
    query: BotGroupsQuery,
    response: Type.Array(Group),
  },
  botSendToGroup: {
    method: 'POST',
    path: '/bot/send_to_group/:gid',
    auth: 'bot',
    kind: 'json',
    tag: 'bot',
    description: sendDescription,
    params: GidParams,
    upload: 'message',
    response: Id,
  },
  botSendToUser: {
    method: 'POST',
    path: '/bot/send_to_user/:uid',
    auth: 'bot',
    kind: 'json',
    tag: 'bot',
    description: sendDescription,
    params: UidParams,
    upload: 'message',
    response: Id,
  },
  botGetUser: {
    method: 'GET',
    path: '/bot/user/:uid',
    auth: 'bot',
    kind: 'json',
    tag: 'bot',
    params: UidParams,
    response: UserInfo,
  },
  botGetGroup: {
    method: 'GET',
    path: '/bot/group/:gid',
    auth: 'bot',
    kind: 'json',
    tag: 'bot',
    params: GidParams,
    response: Group,
  },
} as const satisfies Record<string, RouteSpec>;
