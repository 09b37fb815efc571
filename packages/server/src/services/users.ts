/** Accounts: registration, profile, avatar, password, deletion, and the user log they feed. */
import { requireSeat } from './license/index.js';
import type { RegisterRequest, UpdateUserRequest, UserInfo, UserLog, LoginResponse } from '@parley/protocol';
import { LIMITS } from '@parley/protocol';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { randomInt } from 'node:crypto';
import { blobKeys } from '../blobs/index.js';
import { squareImage } from '../blobs/images.js';
import type { Actor, Ctx } from '../context.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors.js';
import { isUniqueViolation } from '../store/index.js';
import type { NewUser, NewUserLog, Store, UserPatch, UserRecord } from '../store/types.js';
import { joinGroupEvents, leaveAllGroups } from './groups.js';
import { cleanName, looksTaken } from './names.js';
import { consumeInvite, findUsableInvite } from './invites.js';
import { joinEmailInviteChannels } from './email-invites.js';
import { normaliseEmail } from './email-address.js';
import { issueSession } from './sessions.js';
import { readSetting } from './settings.js';
import { requireAccountOwner } from '../policy/index.js';
import { forGuest } from '../policy/guests.js';
import { userInfo } from './views.js';
import { onlyVisible, viewersOf, visibleTo } from './directory.js';
import { roleChanged } from './directory-retraction.js';
import { requireVisibleUsers } from '../policy/directory.js';
import type { Audience } from '../realtime/bus.js';

const AVATAR_SIZE = 256;

/** `address` is the client's IP address, for the per-address registration limit. */
export async function register(ctx: Ctx, req: RegisterRequest, address: string): Promise<LoginResponse> {
  await ctx.limits.register(address);
  // Until onboarding has created the administrator, nobody else may take the first account.
  if ((await ctx.store.users.count()) === 0) throw forbidden('the server is not set up yet');
  const config = await readSetting(ctx.store, 'loginConfig');
  const token = req.magic_token?.trim() || undefined;
  const invite = token ? await findUsableInvite(ctx, token) : undefined;
  if (token && !invite) throw new AppError('precondition_failed', 'invite link is invalid or expired');
  if (config.who_can_sign_up === 'InvitationOnly' && !invite)
    throw forbidden('sign-up is by invitation only');
  if (!config.password) throw forbidden('password sign-up is disabled');

  const email = normaliseEmail(req.email);
  if (await ctx.store.users.getByEmail(email)) throw conflict('email_conflict');
  const name = await availableName(ctx.store, cleanName(req.name?.trim() || email.split('@')[0] || 'user'));
  const now = ctx.now();
  const passwordHash = await hashPassword(req.password, ctx.config.passwordHashing);

  const account = passwordAccount({
    email,
    name,
    passwordHash,
    isAdmin: false,
    now,
    gender: req.gender,
    language: req.language,
  });
  const user = await createAccount(ctx, account, {
    inviteGid: invite?.gid ?? undefined,
    inviteHash: invite?.token_hash,
    claim: async (tx) => {
      if (token && !(await consumeInvite(tx, token, now))) {
        throw new AppError('precondition_failed', 'invite link is invalid or expired');
      }
    },
  });
  return issueSession(ctx, user, req.device ?? 'browser', req.device_token ?? null);
}

/**
 * Creates an account in one transaction with what its sign-up spends (`claim`: an invite or a
 * sign-in link; it throws when that is no longer usable), joins the private channel an invite
 * names, appends and publishes its user log row, and tells the channels it joined.
 */
export async function createAccount(
  ctx: Ctx,
  account: NewUser,
  options: {
    claim?: (tx: Store) => Promise<void>;
    inviteGid?: number;
    /** The invite spent: an e-mail invitation's channels are joined too. */
    inviteHash?: string;
    /** Runs in the same transaction once the account exists (e.g. links a sign-in identity). */
    created?: (tx: Store, user: UserRecord) => Promise<void>;
  } = {},
): Promise<UserRecord> {
  const { user, joinedGid, mailed } = await commitUserLog(ctx, () =>
    ctx.store.transaction(async (tx) => {
      await options.claim?.(tx);
      await requireSeat(ctx, tx);
      const created = await tx.users.create(account);
      await options.created?.(tx, created);
      const log = await tx.userLog.append(createLog(created));
      const joinedGid = await joinInvitedChannel(tx, options.inviteGid, created.uid, account.created_at);
      const mailed = await joinEmailInviteChannels(tx, options.inviteHash, created.uid, account.created_at);
      return { user: created, log, joinedGid, mailed };
    }),
  ).catch(mapUniqueViolation);
  await announceNewUser(ctx, user, joinedGid);
  for (const gid of mailed) await joinGroupEvents(ctx, gid, [user.uid]);
  return user;
}

/** An invite into a private channel makes its new account a member; a public one needs nothing. */
async function joinInvitedChannel(tx: Store, gid: number | undefined, uid: number, now: number) {
  if (gid === undefined) return undefined;
  const group = await tx.groups.get(gid);
  if (!group || group.is_public) return undefined;
  await tx.groups.addMembers(group.gid, [uid], now);
  return group.gid;
}

/** A new account that signs in with a password. */
export function passwordAccount(a: {
  email: string;
  name: string;
  passwordHash: string;
  isAdmin: boolean;
  now: number;
  gender: number | undefined;
  language: string | undefined;
}): NewUser {
  return {
    email: a.email,
    name: a.name,
    gender: a.gender ?? 0,
    language: a.language?.trim() || 'en-US',
    is_admin: a.isAdmin,
    is_bot: false,
    avatar_updated_at: 0,
    create_by: 'password',
    password_hash: a.passwordHash,
    status: 'normal',
    created_at: a.now,
    updated_at: a.now,
  };
}

/**
 * Commits a change that appends a user log row and publishes that row, under the send lock: rows
 * reach streams on every node in version order, so `users_version` stays an exact resume cursor.
 * `publish: false` keeps the row to the log (guests are never announced).
 */
export function commitUserLog<T extends { log: UserLog; publish?: boolean; audience?: Audience }>(
  ctx: Ctx,
  commit: () => Promise<T>,
): Promise<T> {
  return ctx.sends.ordered(async () => {
    const result = await commit();
    if (result.publish !== false) {
      // Those who see the user (everyone unless the directory is restricted; docs/api.md).
      const audience = result.audience ?? (await viewersOf(ctx, result.log.uid));
      await ctx.bus.publish({ audience, event: { type: 'users_log', logs: [result.log] } });
    }
    return result;
  });
}

/** Adds a new account (its log row already published) to every public channel's member view. */
export async function announceNewUser(ctx: Ctx, user: UserRecord, privateGid?: number): Promise<void> {
  const groups = await ctx.store.groups.listVisibleTo(user.uid);
  for (const g of groups.filter((g) => g.is_public)) {
    await ctx.bus.publish({
      audience: { kind: 'all' },
      event: { type: 'user_joined_group', gid: g.gid, uid: [user.uid] },
    });
  }
  if (privateGid !== undefined) {
    await joinGroupEvents(ctx, privateGid, [user.uid]);
  }
}

export function createLog(u: UserRecord): NewUserLog {
  return {
    action: 'create',
    uid: u.uid,
    email: u.email,
    name: u.name,
    gender: u.gender,
    language: u.language,
    is_admin: u.is_admin,
    is_bot: u.is_bot,
    avatar_updated_at: u.avatar_updated_at,
  };
}

const EMPTY_LOG = {
  email: null,
  name: null,
  gender: null,
  language: null,
  is_admin: null,
  is_bot: null,
  avatar_updated_at: null,
} as const;

/** Limited per address: otherwise anyone can test a list of addresses for accounts. */
export async function checkEmailAvailable(ctx: Ctx, email: string, address: string): Promise<boolean> {
  await ctx.limits.lookup(address);
  if (!email.includes('@')) throw badRequest('invalid email');
  return !(await ctx.store.users.getByEmail(normaliseEmail(email)));
}

/** Everyone the actor sees (docs/api.md "Member directory"). */
export async function listUsers(ctx: Ctx, actor: Actor): Promise<UserInfo[]> {
  const visible = await visibleTo(ctx, actor);
  const list = onlyVisible(visible, await ctx.store.users.list()).map(userInfo);
  return actor.isGuest ? forGuest(list) : list;
}

/** 404 for an unknown user, a guest, or one the actor does not see. */
export async function getUser(ctx: Ctx, actor: Actor, uid: number): Promise<UserInfo> {
  const user = await ctx.store.users.get(uid);
  if (!user || user.create_by === 'guest') throw notFound('no such user');
  await requireVisibleUsers(ctx, actor, [uid]);
  return actor.isGuest ? forGuest([userInfo(user)])[0]! : userInfo(user);
}

export async function updateProfile(ctx: Ctx, actor: Actor, req: UpdateUserRequest): Promise<UserInfo> {
  requireAccountOwner(actor, 'guests cannot edit a profile');
  const patch: UserPatch = {};
  if (req.name !== undefined) {
    const name = cleanName(req.name);
    const holder = await ctx.store.users.getByName(name);
    if (holder && holder.uid !== actor.uid) throw conflict('name_conflict');
    if (looksTaken(name, await ctx.store.users.list(), actor.uid)) throw conflict('name_conflict');
    patch.name = name;
  }
  if (req.gender !== undefined) patch.gender = req.gender;
  if (req.language !== undefined) {
    const language = req.language.trim();
    if (!language) throw badRequest('language is empty');
    patch.language = language;
  }
  if (Object.keys(patch).length === 0) throw badRequest('nothing to update');
  return userInfo(await applyUserUpdate(ctx, actor.uid, patch));
}

/**
 * Updates a user and publishes a `users_log` row holding only what changed. `claim` runs first in
 * the same transaction (e.g. spends the link that allows the change; it throws when it cannot).
 */
export async function applyUserUpdate(
  ctx: Ctx,
  uid: number,
  patch: UserPatch,
  claim?: (tx: Store) => Promise<void>,
): Promise<UserRecord> {
  const now = ctx.now();
  const { user } = await commitUserLog(ctx, () =>
    ctx.store.transaction(async (tx) => {
      await claim?.(tx);
      const updated = await tx.users.update(uid, { ...patch, updated_at: now });
      if (!updated) throw notFound('no such user');
      const entry = await tx.userLog.append({
        ...EMPTY_LOG,
        action: 'update',
        uid,
        ...(patch.name !== undefined && { name: updated.name }),
        ...(patch.gender !== undefined && { gender: updated.gender }),
        ...(patch.language !== undefined && { language: updated.language }),
        ...(patch.avatar_updated_at !== undefined && { avatar_updated_at: updated.avatar_updated_at }),
        ...(patch.is_admin !== undefined && { is_admin: updated.is_admin }),
        ...(patch.email !== undefined && { email: updated.email }),
      });
      return { user: updated, log: entry, publish: updated.create_by !== 'guest' };
    }),
  ).catch(mapUniqueViolation);
  // A new role changes what they see: every user for an administrator (docs/api.md).
  if (patch.is_admin !== undefined) await roleChanged(ctx, uid);
  return user;
}

export async function setAvatar(ctx: Ctx, actor: Actor, image: Buffer, crop?: string): Promise<void> {
  requireAccountOwner(actor, 'guests cannot set an avatar');
  await storeAvatar(ctx, actor.uid, image, { crop });
}

/** Stores a user's avatar (their own, or set by an administrator) and announces it. */
export async function storeAvatar(
  ctx: Ctx,
  uid: number,
  image: Buffer,
  options: {
    /** The square to keep, `x,y,side` (`ImageCropQuery`); the centre without it. */
    crop?: string | undefined;
    /** Runs in the transaction that records the new avatar (an administrator's audit entry). */
    inTransaction?: (tx: Store) => Promise<void>;
  } = {},
): Promise<void> {
  if (image.length === 0) throw badRequest('empty image');
  const png = await squareImage(image, AVATAR_SIZE, options.crop);
  await ctx.blobs.put(blobKeys.userAvatar(uid), png);
  await applyUserUpdate(ctx, uid, { avatar_updated_at: ctx.now() }, options.inTransaction);
}

export async function getAvatar(ctx: Ctx, uid: number): Promise<Buffer> {
  const user = await ctx.store.users.get(uid);
  if (!user || user.avatar_updated_at === 0) throw notFound('no avatar');
  const png = await ctx.blobs.get(blobKeys.userAvatar(uid));
  if (!png) throw notFound('no avatar');
  return png;
}

export async function changePassword(
  ctx: Ctx,
  actor: Actor,
  oldPassword: string,
  newPassword: string,
  address: string,
): Promise<void> {
  requireAccountOwner(actor, 'guests have no password');
  // The login limit covers this check too, or a stolen access token would allow unlimited guesses.
  const account = actor.user.email ?? `uid:${actor.uid}`;
  const attempt = await ctx.loginLimit.reserve(address, account, 'change_password');
  if (!(await verifyPassword(actor.user.password_hash, oldPassword))) {
    attempt.failed('wrong password');
    throw forbidden('wrong password');
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(newPassword, ctx.config.passwordHashing);
  // Whoever else holds a session may be the reason for the change: every other device's tokens
  // end with the old password, and its streams close.
  const ended = await ctx.store.transaction(async (tx) => {
    await tx.users.update(actor.uid, { password_hash: passwordHash, updated_at: ctx.now() });
    const others = (await tx.sessions.listDevices(actor.uid)).filter((d) => d.device !== actor.device);
    for (const d of others) await tx.sessions.deleteDevice(actor.uid, d.device);
    return others.map((d) => d.device);
  });
  for (const device of ended) {
    await ctx.bus.publish({
      audience: { kind: 'device', uid: actor.uid, device },
      event: { type: 'kick', reason: 'logout' },
      close: true,
    });
  }
}

/**
 * Deletes the caller's account: leaves every channel (handing private channels they own to the
 * remaining member with the lowest uid, or deleting ones left empty), then kicks every device. The last
 * administrator cannot delete themselves, or nobody could run the server.
 */
export async function deleteAccount(ctx: Ctx, actor: Actor): Promise<void> {
  if (actor.isAdmin) {
    const admins = (await ctx.store.users.list()).filter((u) => u.is_admin && u.uid !== actor.uid);
    if (admins.length === 0) throw forbidden('the last administrator cannot delete their account');
  }
  await removeAccount(ctx, actor.uid);
}

/** Deletes an account (its own request or an administrator's) and kicks every device of it. */
export async function removeAccount(
  ctx: Ctx,
  uid: number,
  /** Runs in the transaction that deletes the account (an administrator's audit entry). */
  inTransaction?: (tx: Store) => Promise<void>,
): Promise<void> {
  // Computed while the account still has its channels: who saw it hears of its deletion.
  const audience = await viewersOf(ctx, uid);
  await leaveAllGroups(ctx, uid);
  await commitUserLog(ctx, async () => {
    const log = await ctx.store.transaction(async (tx) => {
      await inTransaction?.(tx);
      await tx.sessions.deleteAllDevices(uid);
      await tx.chatSettings.removeTarget({ uid });
      await tx.users.delete(uid);
      return tx.userLog.append({ ...EMPTY_LOG, action: 'delete', uid });
    });
    await ctx.bus.publish({
      audience: { kind: 'users', uids: [uid] },
      event: { type: 'kick', reason: 'delete_user' },
      close: true,
    });
    return { log, audience };
  });
}

/** The wanted name if free, else the name with four random digits (API.md §4.2). */
/** `wanted`, or with a number added when it is taken or looks like a name that is. */
export async function availableName(store: Store, wanted: string): Promise<string> {
  const base = wanted.slice(0, LIMITS.nameMaxLength);
  const users = await store.users.list();
  const free = async (name: string) => !(await store.users.getByName(name)) && !looksTaken(name, users);
  if (await free(base)) return base;
  for (let i = 0; i < 20; i++) {
    const candidate = `${base.slice(0, LIMITS.nameMaxLength - 4)}${randomInt(1000, 10000)}`;
    if (await free(candidate)) return candidate;
  }
  throw conflict('name_conflict');
}

export function mapUniqueViolation(err: unknown): never {
  if (isUniqueViolation(err)) {
    const text = String((err as Error).message).toLowerCase();
    throw conflict(text.includes('email') ? 'email_conflict' : 'name_conflict');
  }
  throw err;
}
