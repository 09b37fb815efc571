/**
 * The member directory following changes of what a member may see (issue 13; docs/api.md
 * "Member directory"): users a reader no longer sees are taken back with `users_log` rows of
 * `action: "delete"` meant for that reader alone, and a member promoted to administrator gets
 * every user they did not see as `create` rows. Rows are committed and published under the send
 * lock (`ctx.sends`), so they are part of the one versioned log (`users_version`).
 */
import type { UserLog } from '@parley/protocol';
import type { Ctx } from '../context.js';
import type { NewUserLog, UserRecord } from '../store/types.js';
import { commitPersonal, isRestricted, memberView, profileLog, sees, type Visible } from './directory.js';

/** A row taking `uid` back (only the uid; every other field null, as for a deleted account). */
export function retractionLog(uid: number): Omit<UserLog, 'log_id'> {
  return {
    action: 'delete',
    uid,
    email: null,
    name: null,
    gender: null,
    language: null,
    is_admin: null,
    is_bot: null,
    avatar_updated_at: null,
  };
}

/**
 * After a change that may have ended what made `uid` visible to `reader` (a channel left or
 * deleted, a contact removed), for each pair [reader, uid]: a `delete` row for that reader if
 * they no longer see that user. Visibility is read under the send lock, after the change
 * committed, so a change that made them visible again meanwhile is respected. Administrators,
 * guests (as subjects) and pairs of one user are skipped; nothing happens while unrestricted.
 */
export async function retract(ctx: Ctx, pairs: readonly (readonly [number, number])[]): Promise<void> {
  const wanted = pairs.filter(([reader, uid]) => reader !== uid);
  // Checked again under the lock; this spares taking it on an unrestricted server.
  if (wanted.length === 0 || !(await isRestricted(ctx))) return;
  await ctx.sends.ordered(async () => {
    if (!(await isRestricted(ctx))) return;
    const byReader = new Map<number, Set<number>>();
    for (const [reader, uid] of wanted) {
      let set = byReader.get(reader);
      if (!set) byReader.set(reader, (set = new Set()));
      set.add(uid);
    }
    const involved = new Set(wanted.flat());
    const users = new Map((await ctx.store.users.getMany([...involved])).map((u) => [u.uid, u]));
    const entries: NewUserLog[] = [];
    for (const [reader, uids] of byReader) {
      const account = users.get(reader);
      if (!account || account.is_admin) continue;
      const visible = await memberView(ctx, reader);
      for (const uid of uids) {
        const user = users.get(uid);
        if (user && user.create_by !== 'guest' && !sees(visible, uid)) {
          entries.push({ ...retractionLog(uid), reader_uid: reader });
        }
      }
    }
    await commitPersonal(ctx, entries);
  });
}

/**
 * A member's role changed. Promoted: the users they did not see as a member, as `create` rows
 * for them alone (administrators see everyone). Demoted: the users they no longer see, as
 * `delete` rows. Nothing while unrestricted. At most one row per user.
 */
export async function roleChanged(ctx: Ctx, uid: number): Promise<void> {
  if (!(await isRestricted(ctx))) return;
  await ctx.sends.ordered(async () => {
    if (!(await isRestricted(ctx))) return;
    const account = await ctx.store.users.get(uid);
    if (!account || account.create_by === 'guest') return;
    // What they see as a member: before a promotion, or after a demotion.
    const visible = await memberView(ctx, uid);
    const others = hiddenFrom(visible, uid, await ctx.store.users.list());
    const entries = others.map((user): NewUserLog => ({
      ...(account.is_admin ? profileLog(user) : retractionLog(user.uid)),
      reader_uid: uid,
    }));
    await commitPersonal(ctx, entries);
  });
}

/** The non-guest users other than `reader` that `visible` leaves out. */
function hiddenFrom(visible: Visible, reader: number, users: readonly UserRecord[]): UserRecord[] {
  return users.filter((u) => u.uid !== reader && u.create_by !== 'guest' && !sees(visible, u.uid));
}

/**
 * Visibility narrowed for everyone at once: the setting left `everyone` while no public channel
 * exists, or the last public channel was deleted or made private while the setting restricts.
 * Until then everyone saw everyone, so every member may hold users they no longer see; writing
 * one row per (reader, user) pair would cost users² rows. Instead one marker row for everyone
 * (`UserLogStore.appendRetraction`, carrying the highest uid at the time): a stream resuming from
 * an older `users_version` turns it into a `delete` row, with the marker's `log_id`, for each user
 * up to that uid whom its reader does not see (services/stream.ts), and the readers online now
 * get the same rows live, here. Users created later were never shown to everyone and are left out.
 */
export async function retractForEveryone(ctx: Ctx): Promise<void> {
  if (!(await isRestricted(ctx))) return;
  await ctx.sends.ordered(async () => {
    if (!(await isRestricted(ctx))) return;
    const users = await ctx.store.users.list();
    const upToUid = users.reduce((max, u) => Math.max(max, u.uid), 0);
    if (upToUid === 0) return;
    const logId = await ctx.store.userLog.appendRetraction(upToUid);
    const online = await ctx.store.users.getMany(await ctx.presence.onlineUids());
    for (const reader of online) {
      if (reader.is_admin) continue;
      const visible = await memberView(ctx, reader.uid);
      const logs = expandRetraction(visible, reader.uid, users, upToUid, logId);
      if (logs.length === 0) continue;
      await ctx.bus.publish({
        audience: { kind: 'users', uids: [reader.uid] },
        event: { type: 'users_log', logs },
      });
    }
  });
}

/** A retraction marker's `delete` rows for one reader (see `retractForEveryone`). */
export function expandRetraction(
  visible: Visible,
  reader: number,
  users: readonly UserRecord[],
  upToUid: number,
  logId: number,
): UserLog[] {
  if (visible.all) return [];
  return hiddenFrom(visible, reader, users)
    .filter((u) => u.uid <= upToUid)
    .map((u) => ({ ...retractionLog(u.uid), log_id: logId }));
}
