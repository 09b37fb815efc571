/**
 * Who is notified of a chat record (issue 16; docs/notifications.md). One rule set for every
 * channel (Web Push now; FCM and e-mail later):
 * - only new messages (normal and reply records) that are still live, never the sender;
 * - the candidates are the conversation's readers: the DM's other side, a channel's members (every
 *   user for a public channel);
 * - the user's level (per-conversation override, else their setting; default `all`): `none`
 *   nothing, `mentions` only direct messages and mentions of them, `all` everything;
 * - never a muted conversation (an unexpired mute), nothing during the user's quiet hours;
 * - never a message the user has read already (read index on any device) and never while the
 *   user has an open event stream on any node (`Presence` counts streams cluster-wide).
 */
import type { ChatMessage, MessageTarget, NotifyLevel, NotifySettings, QuietHours } from '@parley/protocol';
import type { Presence } from '../realtime/presence.js';
import type { Store } from '../store/types.js';

const MINUTES_PER_DAY = 24 * 60;

/** The mentioned uids of a message (`properties.mentions`, API.md §6.1); nothing else counts. */
export function mentionsOf(record: ChatMessage): number[] {
  const detail = record.detail;
  if (detail.type !== 'normal' && detail.type !== 'reply') return [];
  const list = detail.properties?.mentions;
  return Array.isArray(list) ? list.filter((v): v is number => Number.isSafeInteger(v)) : [];
}

/** Whether a record is a new message at all (edits, likes and deletes never notify). */
export const isNotifiable = (record: ChatMessage): boolean =>
  record.detail.type === 'normal' || record.detail.type === 'reply';

/** The conversation of a record as its recipient `uid` sees it (a DM is named by its other side). */
export function conversationFor(record: ChatMessage, uid: number): MessageTarget {
  if ('gid' in record.target) return { gid: record.target.gid };
  return { uid: record.target.uid === uid ? record.from_uid : record.target.uid };
}

const sameTarget = (a: MessageTarget, b: MessageTarget) =>
  'gid' in a ? 'gid' in b && a.gid === b.gid : 'uid' in b && a.uid === b.uid;

/** The level that applies to one conversation. */
export function levelFor(prefs: NotifySettings | undefined, target: MessageTarget): NotifyLevel {
  if (!prefs) return 'all';
  return prefs.overrides.find((o) => sameTarget(o.target, target))?.level ?? prefs.level;
}

/** Whether `now` (ms) falls in the quiet hours, in the user's own time of day. */
export function inQuietHours(quiet: QuietHours | null, now: number): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const minute =
    (((Math.floor(now / 60_000) + quiet.utc_offset) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

/** What the level alone allows for this recipient. */
export function levelAllows(level: NotifyLevel, record: ChatMessage, uid: number): boolean {
  if (level === 'none') return false;
  if (level === 'all') return true;
  return 'uid' in record.target || mentionsOf(record).includes(uid);
}

/** The users a record may reach: its conversation's readers other than the sender. */
async function candidates(store: Store, record: ChatMessage): Promise<number[]> {
  if ('uid' in record.target) return record.target.uid === record.from_uid ? [] : [record.target.uid];
  const group = await store.groups.get(record.target.gid);
  if (!group) return [];
  const uids = group.is_public ? await store.users.listUids() : await store.groups.members(group.gid);
  return uids.filter((uid) => uid !== record.from_uid);
}

/**
 * Of `uids` (readers of the record's conversation, not its sender), those to be notified of
 * `record` by the settings and state they have now: a few queries for all of them together.
 */
async function decide(
  store: Store,
  record: ChatMessage,
  uids: readonly number[],
  now: number,
  online: ReadonlySet<number>,
): Promise<number[]> {
  if (uids.length === 0) return [];
  // Every reader names a channel alike; a DM has one reader, who names it by the sender.
  const target = conversationFor(record, uids[0]!);
  const prefs = await store.notify.prefsOf(uids);
  const states = await store.notify.conversationStates(uids, target);
  return uids.filter((uid) => {
    const p = prefs.get(uid);
    if (!levelAllows(levelFor(p, target), record, uid)) return false;
    if (inQuietHours(p?.quiet_hours ?? null, now)) return false;
    const state = states.get(uid);
    if (state?.muted && (state.mute_expired_at === null || state.mute_expired_at > now)) return false;
    if (state && state.read_mid >= record.mid) return false;
    return !online.has(uid);
  });
}

/**
 * Whether `uid` is still to be notified of `record` by the settings and state it has now: the
 * delivery asks again just before sending (read, online, muted meanwhile).
 */
export async function wantsNotification(
  store: Store,
  presence: Presence,
  record: ChatMessage,
  uid: number,
  now: number,
): Promise<boolean> {
  if ((await presence.streams(uid)) > 0) return false;
  return (await decide(store, record, [uid], now, new Set())).length === 1;
}

/**
 * The users to notify of `record` now, among those that have somewhere to be notified
 * (`reachable`: e.g. the users with a push subscription), ascending by uid.
 */
export async function recipientsOf(
  store: Store,
  presence: Presence,
  record: ChatMessage,
  now: number,
  reachable: (uids: number[]) => Promise<Set<number>>,
): Promise<number[]> {
  if (!isNotifiable(record)) return [];
  // A message deleted (or burnt) before its fan-out has nothing left to tell.
  if (!(await store.messages.getLive(record.mid))) return [];
  const all = await candidates(store, record);
  if (all.length === 0) return [];
  const open = await reachable(all);
  const online = new Set(await presence.onlineUids());
  const uids = await decide(
    store,
    record,
    all.filter((uid) => open.has(uid)),
    now,
    online,
  );
  return uids.sort((a, b) => a - b);
}
