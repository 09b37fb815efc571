/**
 * Member administration (API.md §11.1): changing a member's e-mail, password, role and status,
 * freezing (every stream and session of the member ends at once), deleting, setting an avatar,
 * and the member's sessions with revocation. Rules are in `policy/admin.ts`.
 */
import type { AdminSession, AuditAction, KickReason, UpdateAdminUserRequest } from '@parley/protocol';
import { hashPassword } from '../auth/passwords.js';
import type { Actor, Ctx } from '../context.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { loadAdministered, requireAdminRemains, requireDeletable } from '../policy/admin.js';
import type { Store, UserPatch, UserRecord } from '../store/types.js';
import { adminView, MIN_PASSWORD } from './admin-users.js';
import { audited, changedFields, recordIn } from './audit.js';
import { cleanName, looksTaken } from './names.js';
import { normaliseEmail } from './email-address.js';
import { applyUserUpdate, removeAccount, storeAvatar } from './users.js';
import { checkWebhookUrl, parseWebhookUrl, storeWebhookUrl } from './webhooks.js';

export async function updateUser(ctx: Ctx, actor: Actor, uid: number, req: UpdateAdminUserRequest) {
  const user = await loadAdministered(ctx, actor, uid);
  if (Object.values(req).every((v) => v === undefined)) throw badRequest('nothing to update');
  if (req.is_public !== undefined) throw badRequest('is_public is not supported');
  const patch = await userPatch(ctx, user, req);
  const frozen = req.status === undefined ? undefined : req.status === 'frozen';
  await requireAdminRemains(ctx, actor, user, { isAdmin: req.is_admin, frozen });
  const url = req.webhook_url === undefined ? undefined : parseWebhookUrl(req.webhook_url);
  if (url) await checkWebhookUrl(url);
  // The webhook, the user row and the audit entries commit together (or none does).
  const inTransaction = async (tx: Store) => {
    if (url !== undefined) await storeWebhookUrl(ctx, uid, url, tx);
    await auditUpdate(tx, ctx, actor, uid, patch, req.webhook_url);
  };
  let updated = user;
  if (Object.keys(patch).length > 0) updated = await applyUserUpdate(ctx, uid, patch, inTransaction);
  else await audited(ctx, actor, (tx) => inTransaction(tx));
  if (frozen && user.status !== 'frozen') await endSessions(ctx, uid, 'frozen');
  else if (patch.password_hash !== undefined) await endSessions(ctx, uid, 'logout');
  return adminView(ctx, updated);
}

/** One audit entry per kind of change: role, status, password, webhook, the other fields. */
async function auditUpdate(
  tx: Store,
  ctx: Ctx,
  actor: Actor,
  uid: number,
  patch: UserPatch,
  webhookUrl: string | null | undefined,
): Promise<void> {
  const target = `user:${uid}`;
  const record = (action: AuditAction, t: string, detail?: string) =>
    recordIn(tx, ctx, actor, action, t, detail);
  const { is_admin, status, password_hash, ...rest } = patch;
  if (is_admin !== undefined) await record('user.role', target, is_admin ? 'admin' : 'member');
  if (status !== undefined) await record(status === 'frozen' ? 'user.freeze' : 'user.unfreeze', target);
  if (password_hash !== undefined) await record('user.password', target, 'password reset');
  if (webhookUrl !== undefined) await record('bot.webhook', target, webhookUrl ? 'url set' : 'url cleared');
  const fields = changedFields(rest);
  if (fields) await record('user.update', target, fields);
}

/** The store patch for a request, after validating each field (400 / 409). */
async function userPatch(ctx: Ctx, user: UserRecord, req: UpdateAdminUserRequest): Promise<UserPatch> {
  const patch: UserPatch = {};
  const users = await ctx.store.users.list();
  if (req.name !== undefined) {
    const name = cleanName(req.name);
    if (!name) throw badRequest('name is empty');
    const holder = await ctx.store.users.getByName(name);
    if ((holder && holder.uid !== user.uid) || looksTaken(name, users, user.uid))
      throw conflict('name_conflict');
    if (name !== user.name) patch.name = name;
  }
  if (req.email !== undefined) {
    const email = normaliseEmail(req.email);
    const holder = await ctx.store.users.getByEmail(email);
    if (holder && holder.uid !== user.uid) throw conflict('email_conflict');
    if (email !== user.email) patch.email = email;
  }
  if (req.password !== undefined) {
    if (user.is_bot) throw badRequest('bots have no password');
    if (req.password.length < MIN_PASSWORD) throw badRequest('password is too short');
    patch.password_hash = await hashPassword(req.password, ctx.config.passwordHashing);
  }
  if (req.gender !== undefined) {
    if (req.gender !== 0 && req.gender !== 1) throw badRequest('gender is 0 or 1');
    patch.gender = req.gender;
  }
  if (req.language !== undefined) {
    const language = req.language.trim();
    if (!language) throw badRequest('language is empty');
    patch.language = language;
  }
  if (req.is_admin !== undefined && req.is_admin !== user.is_admin) {
    if (user.is_bot && req.is_admin) throw badRequest('a bot cannot be an administrator');
    patch.is_admin = req.is_admin;
  }
  if (req.status !== undefined && req.status !== user.status) patch.status = req.status;
  return patch;
}

export async function deleteUser(ctx: Ctx, actor: Actor, uid: number): Promise<void> {
  const user = await loadAdministered(ctx, actor, uid);
  requireDeletable(actor, user);
  await removeAccount(ctx, uid, (tx) => recordIn(tx, ctx, actor, 'user.delete', `user:${uid}`, user.name));
}

export async function setUserAvatar(ctx: Ctx, actor: Actor, uid: number, image: Buffer): Promise<void> {
  await loadAdministered(ctx, actor, uid);
  await storeAvatar(ctx, uid, image, {
    inTransaction: (tx) => recordIn(tx, ctx, actor, 'user.avatar', `user:${uid}`),
  });
}

export async function listSessions(ctx: Ctx, actor: Actor, uid: number): Promise<AdminSession[]> {
  await loadAdministered(ctx, actor, uid);
  const [devices, online] = await Promise.all([
    ctx.store.sessions.listDevices(uid),
    ctx.presence.isOnline(uid),
  ]);
  return devices.map((d) => ({
    device: d.device,
    created_at: d.created_at,
    updated_at: d.updated_at,
    is_online: online,
  }));
}

export async function revokeSession(ctx: Ctx, actor: Actor, uid: number, device: string): Promise<void> {
  await loadAdministered(ctx, actor, uid);
  await audited(ctx, actor, async (tx, audit) => {
    if (!(await tx.sessions.deleteDevice(uid, device))) throw notFound('no such session');
    await audit('user.session_revoke', `user:${uid}`, `device ${device}`);
  });
  await ctx.bus.publish({
    audience: { kind: 'device', uid, device },
    event: { type: 'kick', reason: 'delete_device' },
    close: true,
  });
}

/** Ends every session of a user: tokens stop working, every stream gets `kick` and closes. */
async function endSessions(ctx: Ctx, uid: number, reason: KickReason): Promise<void> {
  await ctx.store.sessions.deleteAllDevices(uid);
  await ctx.bus.publish({
    audience: { kind: 'users', uids: [uid] },
    event: { type: 'kick', reason },
    close: true,
  });
}
