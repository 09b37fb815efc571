/**
 * `/admin/user` (API.md §11.1): creating users (bots included), listing them, and the `AdminUser`
 * view. Changing, freezing and deleting members is `services/admin-members.ts`.
 */
import type { AdminUser, CreateAdminUserRequest } from '@parley/protocol';
import { hashPassword } from '../auth/passwords.js';
import type { Actor, Ctx } from '../context.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { requireAdmin } from '../policy/index.js';
import type { UserRecord } from '../store/types.js';
import { cleanName, looksTaken } from './names.js';
import { recordIn } from './audit.js';
import { normaliseEmail } from './email-address.js';
import { createAccount, passwordAccount } from './users.js';
import { checkWebhookUrl, parseWebhookUrl, storeWebhookUrl, webhookUrlOf } from './webhooks.js';

export const MIN_PASSWORD = 8;

export async function createUser(ctx: Ctx, actor: Actor, req: CreateAdminUserRequest): Promise<AdminUser> {
  requireAdmin(actor);
  const isBot = req.is_bot === true;
  const email = normaliseEmail(req.email);
  const name = cleanName(req.name);
  if (!name) throw badRequest('name is empty');
  // Bots never sign in with a password (the web client sends ""); people need a real one.
  if (!isBot && req.password.length < MIN_PASSWORD) throw badRequest('password is too short');
  if (isBot && req.is_admin) throw badRequest('a bot cannot be an administrator');
  const url = parseWebhookUrl(req.webhook_url);
  if (await ctx.store.users.getByEmail(email)) throw conflict('email_conflict');
  if ((await ctx.store.users.getByName(name)) || looksTaken(name, await ctx.store.users.list()))
    throw conflict('name_conflict');
  if (url) await checkWebhookUrl(url);
  const now = ctx.now();
  const passwordHash = req.password ? await hashPassword(req.password, ctx.config.passwordHashing) : null;
  const account = passwordAccount({
    email,
    name,
    passwordHash: passwordHash ?? '',
    isAdmin: req.is_admin === true,
    now,
    gender: req.gender,
    language: req.language,
  });
  const kind = isBot ? 'bot' : account.is_admin ? 'admin' : 'member';
  const user = await createAccount(
    ctx,
    { ...account, is_bot: isBot, password_hash: passwordHash },
    // The audit entry is part of the account's transaction: both are stored or neither is.
    {
      created: (tx, created) =>
        recordIn(tx, ctx, actor, 'user.create', `user:${created.uid}`, `${kind} ${created.name}`),
    },
  );
  if (url) await storeWebhookUrl(ctx, user.uid, url);
  return adminView(ctx, user);
}

export async function listUsers(ctx: Ctx, actor: Actor): Promise<AdminUser[]> {
  requireAdmin(actor);
  const users = await ctx.store.users.list();
  return Promise.all(users.map((u) => adminView(ctx, u)));
}

export async function getUser(ctx: Ctx, actor: Actor, uid: number): Promise<AdminUser> {
  requireAdmin(actor);
  const user = await ctx.store.users.get(uid);
  if (!user || user.create_by === 'guest') throw notFound('no such user');
  return adminView(ctx, user);
}

export async function adminView(ctx: Ctx, u: UserRecord): Promise<AdminUser> {
  const [devices, online, webhookUrl] = await Promise.all([
    ctx.store.sessions.listDevices(u.uid),
    ctx.presence.isOnline(u.uid),
    webhookUrlOf(ctx, u.uid),
  ]);
  return {
    uid: u.uid,
    email: u.email,
    password: '',
    name: u.name,
    gender: u.gender,
    is_admin: u.is_admin,
    language: u.language,
    create_by: u.create_by,
    in_online: online,
    online_devices: devices.map((d) => ({
      device: d.device,
      device_token: d.device_token,
      is_online: online,
    })),
    created_at: u.created_at,
    updated_at: u.updated_at,
    avatar_updated_at: u.avatar_updated_at,
    status: u.status,
    webhook_url: webhookUrl,
    is_bot: u.is_bot,
    is_public: false,
  };
}
