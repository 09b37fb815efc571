/**
 * 1:1 calls in DMs (docs/voice.md): ring (`user_calling`, then `voice_call` states to both
 * sides), accept, decline, busy, and a missed call recorded in the conversation when the caller
 * hangs up first or nobody answers within `RING_TIMEOUT_MS`. The caller waits in the DM's room
 * while it rings, so the callee's accept is all that is left to connect them.
 */
import type { CallPeerRequest, CallReply, CallState, JoinedVoice } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { parseRoom, requireCallable, type RoomRef } from '../policy/voice.js';
import { usersAudience } from './audience.js';
import { enterRoom, leaveIfGone, leaveVoice, liveRooms, publishRoom } from './voice-rooms.js';

/** How long a call rings before it counts as missed. */
export const RING_TIMEOUT_MS = 30_000;

const mediaOf = (req: CallPeerRequest) => ({
  muted: false,
  deafened: false,
  video: req.video ?? false,
  screen: false,
});

async function announce(ctx: Ctx, caller: number, callee: number, room: string, state: CallState) {
  await ctx.bus.publish({
    audience: usersAudience(caller, callee),
    event: { type: 'voice_call', caller, callee, room, state },
  });
}

/**
 * Whether the user is in a voice room. A member whose device has no open stream anywhere (a
 * browser closed without leaving, while the user is online elsewhere or not) is not: they are
 * taken out now rather than at heartbeat expiry, so that a call to them rings instead of answering
 * busy. (Closing the last stream already does this; this covers a close the server missed.)
 */
async function inCall(ctx: Ctx, uid: number): Promise<boolean> {
  const member = await ctx.store.voice.member(uid);
  if (!member) return false;
  await leaveIfGone(ctx, uid, member.device);
  return (await ctx.store.voice.member(uid)) !== undefined;
}

export async function callUser(ctx: Ctx, actor: Actor, req: CallPeerRequest): Promise<CallReply> {
  const ref = await requireCallable(ctx, actor, req.uid);
  await liveRooms(ctx);
  const waiting = await rejoin(ctx, actor, req, ref);
  if (waiting) return waiting;
  if (req.rejoin) return ringAgain(ctx, actor, req, ref);
  const createdAt = ctx.now();
  const calleeBusy = await inCall(ctx, req.uid);
  if (
    calleeBusy ||
    !(await ctx.store.voice.ring({ caller: actor.uid, callee: req.uid, created_at: createdAt }))
  ) {
    await announce(ctx, actor.uid, req.uid, ref.room, 'busy');
    return { state: 'busy', room: ref.room };
  }
  try {
    await enterRoom(ctx, actor, ref, mediaOf(req));
  } catch (err) {
    await ctx.store.voice.endCall(actor.uid, req.uid, createdAt);
    throw err;
  }
  await ctx.bus.publish({
    audience: usersAudience(actor.uid, req.uid),
    event: { type: 'user_calling', target: req.uid, uid: actor.uid },
  });
  await announce(ctx, actor.uid, req.uid, ref.room, 'ringing');
  const timer = setTimeout(() => {
    void unanswered(ctx, actor, req.uid, ref, createdAt).catch((err: unknown) =>
      ctx.log.warn({ err }, 'ending an unanswered call failed'),
    );
  }, RING_TIMEOUT_MS);
  timer.unref();
  return { state: 'ringing', room: ref.room };
}

/**
 * The other side waits alone in the DM's room (this side's device reloaded, or the other side is
 * ringing this one): calling connects at once, as accepting would.
 */
async function rejoin(ctx: Ctx, actor: Actor, req: CallPeerRequest, ref: RoomRef): Promise<CallReply | null> {
  const other = await ctx.store.voice.member(req.uid);
  if (other?.room !== ref.room || !(await inCall(ctx, req.uid))) return null;
  const call = await ctx.store.voice.callBetween(actor.uid, req.uid);
  if (call && call.caller === actor.uid) return null;
  if (call) await ctx.store.voice.endCall(req.uid, actor.uid);
  const { members } = await enterRoom(ctx, actor, ref, mediaOf(req));
  await announce(ctx, call?.caller ?? req.uid, call?.callee ?? actor.uid, ref.room, 'accepted');
  return { state: 'accepted', room: ref.room, members };
}

/**
 * The caller's page reloaded while its call still rang: it waits in the room again and the ring
 * goes on (no new `user_calling`: the callee's phone never stopped). `ended` when nothing rings.
 */
async function ringAgain(ctx: Ctx, actor: Actor, req: CallPeerRequest, ref: RoomRef): Promise<CallReply> {
  const call = await ctx.store.voice.callBetween(actor.uid, req.uid);
  if (call?.caller !== actor.uid) return { state: 'ended', room: ref.room };
  await enterRoom(ctx, actor, ref, mediaOf(req));
  // The ring may have ended meanwhile (answered, declined, timed out): then this join is stale.
  if (await ctx.store.voice.callBetween(actor.uid, req.uid)) return { state: 'ringing', room: ref.room };
  return (await rejoin(ctx, actor, req, ref)) ?? (await leftAlone(ctx, actor, ref));
}

async function leftAlone(ctx: Ctx, actor: Actor, ref: RoomRef): Promise<CallReply> {
  await leaveVoice(ctx, actor);
  return { state: 'ended', room: ref.room };
}

/**
 * A device closed its last event stream everywhere (`services/stream.ts`): it leaves its room
 * (`leaveIfGone`). If it was a caller whose call still rang, the ring waits
 * `limits.callRejoinGraceMs` for the page to come back (a reload calls again with `rejoin`); a
 * caller still gone then hung up by closing the tab: a missed call, as `cancel` would make it.
 */
export async function deviceGone(ctx: Ctx, uid: number, device: string, closedAt = ctx.now()): Promise<void> {
  const left = await leaveIfGone(ctx, uid, device, closedAt);
  const ref = left && parseRoom(left.room);
  if (!ref?.uids) return;
  const callee = ref.uids[0] === uid ? ref.uids[1] : ref.uids[0];
  const call = await ctx.store.voice.callBetween(uid, callee);
  if (call?.caller !== uid) return;
  const timer = setTimeout(() => {
    void callerAway(ctx, uid, device, callee, ref, call.created_at).catch((err: unknown) =>
      ctx.log.warn({ err }, 'ending a ring whose caller left failed'),
    );
  }, ctx.config.limits.callRejoinGraceMs);
  timer.unref();
}

/**
 * The grace is over: a caller who did not come back ends the ring, or the call answered meanwhile.
 * A device with a stream open again came back (a reload slow to rejoin, e.g. still asking for the
 * camera): the ring goes on, and the 30 s ring timeout still ends it if the page never rejoins.
 */
async function callerAway(
  ctx: Ctx,
  caller: number,
  device: string,
  callee: number,
  ref: RoomRef,
  createdAt: number,
) {
  if ((await ctx.store.voice.member(caller))?.room === ref.room) return;
  if ((await ctx.presence.deviceStreams(caller, device)) > 0) return;
  if (await ctx.store.voice.endCall(caller, callee, createdAt)) return missed(ctx, caller, callee, ref);
  // Answered while the caller was away, who never came back: the callee waits alone for nobody.
  const other = await ctx.store.voice.member(callee);
  if (other?.room !== ref.room || (await ctx.store.voice.members(ref.room)).length !== 1) return;
  await ctx.store.voice.leave(callee, other.device);
  await publishRoom(ctx, ref.room);
  await announce(ctx, caller, callee, ref.room, 'ended');
}

/** Nobody answered: missed, unless the call ended otherwise meanwhile (then nothing happens). */
async function unanswered(ctx: Ctx, caller: Actor, callee: number, ref: RoomRef, createdAt: number) {
  if (!(await ctx.store.voice.endCall(caller.uid, callee, createdAt))) return;
  await missed(ctx, caller.uid, callee, ref);
}

async function missed(ctx: Ctx, caller: number, callee: number, ref: RoomRef) {
  const left = await ctx.store.voice.member(caller);
  if (left?.room === ref.room) {
    await ctx.store.voice.leave(caller);
    await publishRoom(ctx, ref.room);
  }
  await ctx.sends.send(
    {
      from_uid: caller,
      created_at: ctx.now(),
      target: { uid: callee },
      detail: {
        type: 'normal',
        // Parley's client shows this as a translated "missed call" line; others show the text.
        properties: { parley_call: 'missed' },
        content_type: 'text/plain',
        content: '📞 Missed call',
        expires_in: null,
      },
    },
    usersAudience(caller, callee),
  );
  await announce(ctx, caller, callee, ref.room, 'missed');
}

/** The callee answers: they join the DM's room, where the caller waits. */
export async function acceptCall(ctx: Ctx, actor: Actor, req: CallPeerRequest): Promise<JoinedVoice> {
  const ref = await requireCallable(ctx, actor, req.uid);
  const call = await ctx.store.voice.callBetween(actor.uid, req.uid);
  if (call?.callee !== actor.uid || !(await ctx.store.voice.endCall(req.uid, actor.uid))) {
    throw notFound('no such call');
  }
  const joined = await enterRoom(ctx, actor, ref, mediaOf(req));
  await announce(ctx, req.uid, actor.uid, ref.room, 'accepted');
  return joined;
}

export async function declineCall(ctx: Ctx, actor: Actor, req: CallPeerRequest): Promise<void> {
  const ref = await requireCallable(ctx, actor, req.uid);
  if (!(await ctx.store.voice.endCall(req.uid, actor.uid))) throw notFound('no such call');
  const caller = await ctx.store.voice.member(req.uid);
  if (caller?.room === ref.room) {
    await ctx.store.voice.leave(req.uid);
    await publishRoom(ctx, ref.room);
  }
  await announce(ctx, req.uid, actor.uid, ref.room, 'declined');
}

/**
 * The caller hangs up before an answer: a missed call for the callee. Either side hanging up an
 * answered call: both leave, and `voice_call ended` tells the other side not to wait for a rejoin.
 */
export async function cancelCall(ctx: Ctx, actor: Actor, req: CallPeerRequest): Promise<void> {
  const ref = await requireCallable(ctx, actor, req.uid);
  if (!(await ctx.store.voice.endCall(actor.uid, req.uid))) {
    const self = await ctx.store.voice.member(actor.uid);
    await leaveVoice(ctx, actor);
    if (self?.room !== ref.room) return;
    // Over for both: the other side's client ends on `ended` without leaving, and must not stay
    // in the room (where the next call would "connect" to it at once instead of ringing).
    const other = await ctx.store.voice.member(req.uid);
    if (other?.room === ref.room && (await ctx.store.voice.leave(req.uid, other.device))) {
      await publishRoom(ctx, ref.room);
    }
    await announce(ctx, actor.uid, req.uid, ref.room, 'ended');
    return;
  }
  await missed(ctx, actor.uid, req.uid, ref);
}
