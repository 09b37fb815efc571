/**
 * Opening an event stream: the initial sequence of API.md §9.2, then live events. The stream joins
 * the hub before it reads anything, so a record committed while it is being opened reaches it
 * either in the backlog or live, and the hub drops the copy the backlog already carried.
 */
import { LIMITS, type ChatMessage, type EventsQuery, type UserLog } from '@parley/protocol';
import { randomToken } from '../auth/tokens.js';
import type { Actor, Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { STREAM_BUFFER_CAP_BYTES, StreamConnection, type Hub, type StreamSink } from '../realtime/hub.js';
import { forGuest, guestFrame } from '../policy/guests.js';
import type { UserLogEntry, UserRecord } from '../store/types.js';
import { onlyVisible, sees, viewersOf, visibleTo, type Visible } from './directory.js';
import { expandRetraction } from './directory-retraction.js';
import { listGroups } from './groups.js';
import { cameOnline, wentOffline } from './presence-announce.js';
import { initialSettings } from './user-settings.js';
import { directoryAt } from './users-snapshot.js';
import { userInfo } from './views.js';
import { deviceGone } from './calls.js';

/** A new device gets at most this many backlog records in all, newest kept (API.md §15.3). */
const NEW_DEVICE_BACKLOG_CAP = 10_000;
/**
 * …and at most this many bytes of them, newest kept: well under the stream's buffer cap, so that
 * nobody can fill another user's conversations with large messages until their new device is cut
 * off before `ready`, on every try.
 */
export const NEW_DEVICE_BACKLOG_BYTES = STREAM_BUFFER_CAP_BYTES / 4;

/**
 * A stream is only opened where it will get every event: not while the bus is down (Redis lost)
 * and not on a node that is shutting down; and not beyond the user's stream cap (each stream
 * costs memory and a copy of every event).
 */
export async function assertStreamable(ctx: Ctx, actor: Actor): Promise<void> {
  if (ctx.lifecycle.draining) throw new AppError('unavailable', 'this node is shutting down');
  if (!ctx.bus.isLive()) throw new AppError('unavailable', 'events are unavailable, retry shortly');
  if ((await ctx.presence.streams(actor.uid)) >= ctx.config.limits.streamsPerUser) throw tooManyStreams();
}

const tooManyStreams = () =>
  new AppError('too_many_requests', 'too many open event streams', undefined, { 'retry-after': '10' });

/** Tells everyone that users whose streams were on a node that died are offline. */
export async function announceOffline(ctx: Ctx, uids: readonly number[]): Promise<void> {
  for (const uid of uids) {
    await ctx.bus.publish({
      audience: await viewersOf(ctx, uid, true),
      event: { type: 'users_state_changed', uid, online: false },
    });
  }
}

export async function openStream(
  ctx: Ctx,
  hub: Hub,
  actor: Actor,
  query: EventsQuery,
  sink: StreamSink,
): Promise<StreamConnection> {
  const conn = new StreamConnection(
    randomToken(9),
    actor.uid,
    actor.device,
    sink,
    (c) => void closed(ctx, hub, actor, c),
    actor.isGuest ? guestFrame : undefined,
  );
  hub.add(conn);
  const streams = await ctx.presence.connect(actor.uid, actor.device);
  // Streams opened at once all pass the check before the first is counted; the count taken here
  // is exact, so the ones beyond the cap end before they get anything.
  if (streams > ctx.config.limits.streamsPerUser) {
    conn.close();
    ctx.log.info({ uid: actor.uid }, 'stream cap reached');
    return conn;
  }
  if (streams === 1 && !actor.isGuest) await cameOnline(ctx, actor.uid);
  await ctx.bus.publish({
    audience: { kind: 'device', uid: actor.uid, device: actor.device, exceptConnection: conn.id },
    event: { type: 'kick', reason: 'login_from_other_device' },
    close: true,
  });
  try {
    const lastMid = await sendInitialSync(ctx, actor, query, conn);
    // What any node published during the sync is queued on the stream before it turns live.
    await ctx.bus.settle();
    conn.send({ type: 'ready' });
    conn.goLive(lastMid);
  } catch (err) {
    conn.close();
    throw err;
  }
  return conn;
}

async function closed(ctx: Ctx, hub: Hub, actor: Actor, conn: StreamConnection): Promise<void> {
  const closedAt = ctx.now();
  hub.remove(conn);
  try {
    if ((await ctx.presence.disconnect(actor.uid, actor.device)) && !actor.isGuest) {
      await wentOffline(ctx, actor.uid);
    }
  } catch (err) {
    ctx.log.warn({ err }, 'presence update failed');
  }
  try {
    await deviceGone(ctx, actor.uid, actor.device, closedAt);
  } catch (err) {
    ctx.log.warn({ err }, 'leaving voice after the last stream closed failed');
  }
}

/** Sends everything before `ready`; returns the newest chat mid the client now holds. */
async function sendInitialSync(
  ctx: Ctx,
  actor: Actor,
  query: EventsQuery,
  conn: StreamConnection,
): Promise<number> {
  const { store } = ctx;
  // Only the users this reader sees (docs/api.md "Member directory").
  const visible = await visibleTo(ctx, actor);
  const directory = await directoryAt(store);
  const everyone = directory.users;
  const users = visible.all ? everyone : onlyVisible(visible, everyone);
  if (query.users_version && query.users_version > 0) {
    const entries = await store.userLog.listForReader(query.users_version, actor.uid);
    const logs = resumeLogs(entries, visible, actor.uid, everyone);
    if (logs.length > 0) conn.send({ type: 'users_log', logs: actor.isGuest ? forGuest(logs) : logs });
  } else if (visible.all) {
    // The same bytes for every stream of this version (services/users-snapshot.ts).
    conn.sendFrame(directory.frame(actor.isGuest));
  } else {
    const infos = users.map(userInfo);
    conn.send({
      type: 'users_snapshot',
      users: actor.isGuest ? forGuest(infos) : infos,
      version: directory.version,
    });
  }

  const online = new Set(await ctx.presence.onlineUids());
  conn.send({
    type: 'users_state',
    users: users
      .filter((u) => u.uid !== actor.uid && online.has(u.uid))
      .map((u) => ({ uid: u.uid, online: true })),
  });

  const groups = await listGroups(ctx, actor);
  conn.send({ type: 'related_groups', groups });

  const readIndex = await store.readIndex.list(actor.uid);
  conn.send({
    type: 'user_settings',
    ...(await initialSettings(ctx, actor.uid)),
    read_index_users: readIndex.users,
    read_index_groups: readIndex.groups,
  });

  const gids = groups.map((g) => g.gid);
  const afterMid = query.after_mid ?? 0;
  let lastMid = afterMid;
  const send = (batch: ChatMessage[]) => {
    for (const message of batch) {
      if (!conn.isOpen) return;
      conn.send({ type: 'chat', ...message });
      lastMid = Math.max(lastMid, message.mid);
    }
  };

  if (afterMid > 0) {
    // A resume gets every missed record, however many, in pages.
    for (;;) {
      const batch = await store.messages.listForUser(actor.uid, gids, lastMid, LIMITS.streamBacklogLimit);
      send(batch);
      if (batch.length < LIMITS.streamBacklogLimit || !conn.isOpen) break;
    }
  } else {
    const recent = await store.messages.recentForUser(actor.uid, gids, LIMITS.streamBacklogPerConversation);
    send(newestWithin(recent.slice(-NEW_DEVICE_BACKLOG_CAP), NEW_DEVICE_BACKLOG_BYTES));
  }
  return lastMid;
}

/**
 * The user log rows a resuming reader gets: rows meant for them alone as they are (a user shown
 * or taken back), everyone's rows about the users they see today, and each retraction marker as
 * `delete` rows for the users it covers that they do not see (docs/api.md "Member directory").
 */
function resumeLogs(
  entries: readonly UserLogEntry[],
  visible: Visible,
  reader: number,
  everyone: readonly UserRecord[],
): UserLog[] {
  // A user shown to this reader by a row of their own and then deleted: the deletion follows it.
  const shown = new Set(entries.flatMap((e) => (e.kind === 'row' && e.personal ? [e.log.uid] : [])));
  return entries.flatMap((e) => {
    if (e.kind === 'retract') return expandRetraction(visible, reader, everyone, e.upToUid, e.log_id);
    const { log } = e;
    const passes = e.personal || sees(visible, log.uid) || (log.action === 'delete' && shown.has(log.uid));
    return passes ? [log] : [];
  });
}

/** The newest messages of `sorted` (oldest first) whose frames fit in `budget` bytes together. */
function newestWithin(sorted: ChatMessage[], budget: number): ChatMessage[] {
  let bytes = 0;
  let start = sorted.length;
  while (start > 0) {
    // The frame is `data: {"type":"chat",…}` and two newlines: the message's JSON and ~30 bytes.
    bytes += Buffer.byteLength(JSON.stringify(sorted[start - 1])) + 32;
    if (bytes > budget) break;
    start--;
  }
  return sorted.slice(start);
}
