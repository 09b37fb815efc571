/**
 * The member directory's visibility (issue 13; docs/api.md "Member directory"). With the setting
 * `directory_visibility` at `shared_channels` or `admins_only`, a member sees (in `GET /user`,
 * `GET /user/{uid}`, the user log and presence) only themselves, the members of their private
 * channels, their direct-message partners and their contacts; a public channel is shared by
 * everyone, so while one exists nobody is hidden. Administrators see everyone. Each user a reader
 * can newly see reaches them as a `users_log` `create` row meant for them alone (`reveal`).
 */
import type { UserLog } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import type { Audience } from '../realtime/bus.js';
import type { NewUserLog, UserRecord } from '../store/types.js';
import { readSetting } from './settings.js';

/** Who a reader sees: everyone, or these uids. */
export type Visible = { all: true } | { all: false; uids: ReadonlySet<number> };

const EVERYONE: Visible = { all: true };

/** A reader: an actor, or just a uid and role. */
export type Reader = Pick<Actor, 'uid' | 'isAdmin'>;

/** Whether visibility is restricted right now (the setting, and no public channel exists). */
export async function isRestricted(ctx: Ctx): Promise<boolean> {
  const common = await readSetting(ctx.store, 'systemCommon');
  if (common.directory_visibility === 'everyone') return false;
  return !(await ctx.store.directory.hasPublicChannel());
}

/** Everyone a reader sees. */
export async function visibleTo(ctx: Ctx, reader: Reader): Promise<Visible> {
  if (reader.isAdmin || !(await isRestricted(ctx))) return EVERYONE;
  return memberView(ctx, reader.uid);
}

/** Whom a member sees while the directory is restricted (the caller knows that it is). */
export async function memberView(ctx: Ctx, uid: number): Promise<Visible> {
  const { directory } = ctx.store;
  const [members, partners, contacts] = await Promise.all([
    directory.privateCoMembers(uid),
    directory.dmPartners(uid),
    directory.contactsOf(uid),
  ]);
  return { all: false, uids: new Set([uid, ...members, ...partners, ...contacts]) };
}

export const sees = (visible: Visible, uid: number): boolean => visible.all || visible.uids.has(uid);

export function onlyVisible<T extends { uid: number }>(visible: Visible, items: readonly T[]): T[] {
  return visible.all ? [...items] : items.filter((item) => visible.uids.has(item.uid));
}

/** Whether `reader` sees `uid`. */
export async function canSee(ctx: Ctx, reader: Reader, uid: number): Promise<boolean> {
  return reader.uid === uid || sees(await visibleTo(ctx, reader), uid);
}

/** Everyone who sees `uid` (the inverse of `visibleTo`), as the audience of news about them. */
export async function viewersOf(ctx: Ctx, uid: number, exceptSelf = false): Promise<Audience> {
  if (!(await isRestricted(ctx))) return exceptSelf ? { kind: 'all', exceptUid: uid } : { kind: 'all' };
  const { directory } = ctx.store;
  const lists = await Promise.all([
    directory.adminUids(),
    directory.privateCoMembers(uid),
    directory.dmPartners(uid),
    directory.contactHolders(uid),
  ]);
  const uids = new Set([uid, ...lists.flat()]);
  if (exceptSelf) uids.delete(uid);
  return { kind: 'users', uids: [...uids] };
}

/**
 * Tells each reader about a user they can now see: a `create` row with the user's current
 * profile, meant for that reader only, committed and published under the send lock like every
 * log row (so `users_version` stays one exact cursor). Pairs are [reader, uid]; administrators,
 * who see everyone already, and pairs of one user are skipped. Only while restricted.
 */
export async function reveal(ctx: Ctx, pairs: readonly (readonly [number, number])[]): Promise<void> {
  if (pairs.length === 0 || !(await isRestricted(ctx))) return;
  const admins = new Set(await ctx.store.directory.adminUids());
  const wanted = pairs.filter(([reader, uid]) => reader !== uid && !admins.has(reader));
  if (wanted.length === 0) return;
  await ctx.sends.ordered(async () => {
    const users = new Map(
      (await ctx.store.users.getMany([...new Set(wanted.map(([, uid]) => uid))])).map((u) => [u.uid, u]),
    );
    const entries: NewUserLog[] = [];
    for (const [reader, uid] of wanted) {
      const user = users.get(uid);
      if (user && user.create_by !== 'guest') entries.push({ ...profileLog(user), reader_uid: reader });
    }
    await commitPersonal(ctx, entries);
  });
}

/**
 * Appends rows meant each for one reader in one transaction and publishes each reader's rows to
 * that reader alone. Call it under the send lock (`ctx.sends.ordered`), so that rows reach
 * streams in version order.
 */
export async function commitPersonal(ctx: Ctx, entries: readonly NewUserLog[]): Promise<void> {
  if (entries.length === 0) return;
  const stored = await ctx.store.transaction((tx) => tx.userLog.appendMany(entries));
  const byReader = new Map<number, UserLog[]>();
  for (const { log, reader_uid: reader } of stored) {
    if (reader !== null) byReader.set(reader, [...(byReader.get(reader) ?? []), log]);
  }
  for (const [reader, logs] of byReader) {
    await ctx.bus.publish({
      audience: { kind: 'users', uids: [reader] },
      event: { type: 'users_log', logs },
    });
  }
}

/** The first direct message between two users makes each visible to the other. */
export async function revealFirstDm(ctx: Ctx, from: number, to: number): Promise<void> {
  if (from === to || !(await isRestricted(ctx))) return;
  if (await ctx.store.directory.hasDm(from, to)) return;
  await reveal(ctx, [
    [to, from],
    [from, to],
  ]);
}

/** Both directions between every newcomer and every other member of a private channel. */
export function pairsAmong(newcomers: readonly number[], members: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const n of newcomers) {
    for (const m of members) {
      if (m === n) continue;
      out.push([n, m]);
      if (!newcomers.includes(m)) out.push([m, n]);
    }
  }
  return out;
}

/**
 * Visibility widened for everyone (the setting went back to `everyone`, or a first public channel
 * exists): every user's profile as a `create` row for everyone, so clients that were shown only
 * part of the directory get the rest, live or when they resume.
 */
export async function announceEveryone(ctx: Ctx): Promise<void> {
  await ctx.sends.ordered(async () => {
    const users = (await ctx.store.users.list()).filter((u) => u.create_by !== 'guest');
    if (users.length === 0) return;
    const stored = await ctx.store.transaction((tx) => tx.userLog.appendMany(users.map(profileLog)));
    const logs = stored.map((s) => s.log);
    await ctx.bus.publish({ audience: { kind: 'all' }, event: { type: 'users_log', logs } });
  });
}

export function profileLog(u: UserRecord): Omit<UserLog, 'log_id'> {
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
