/**
 * 1:1 calls in DMs (docs/voice.md): ring (`user_calling`, then `voice_call` states to both
 * sides), accept, decline, busy, and a missed call recorded in the conversation when the caller
 * hangs up first or nobody answers within `RING_TIMEOUT_MS`. The caller waits in the DM's room
 * while it rings, so the callee's accept is all that is left to connect them.
 */
import type { CallPeerRequest, CallReply, CallState, JoinedVoice } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { requireCallable, type RoomRef } from '../policy/voice.js';
import { usersAudience } from './audience.js';
import { enterRoom, leaveVoice, liveRooms, publishRoom } from './voice-rooms.js';

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
 * Whether the user is in a voice room. A member with no open stream anywhere (a browser closed
 * without leaving) is not: they are taken out now rather than at heartbeat expiry, so that a call
 * to them rings instead of answering busy.
 */
async function inCall(ctx: Ctx, uid: number): Promise<boolean> {
  const member = await ctx.store.voice.member(uid);
  if (!member) return false;
  if ((await ctx.presence.streams(uid)) > 0) return true;
  const left = await ctx.store.voice.leave(uid);
  if (left) await publishRoom(ctx, left.room);
  return false;
}

export async function callUser(ctx: Ctx, actor: Actor, req: CallPeerRequest): Promise<CallReply> {
  const ref = await requireCallable(ctx, actor, req.uid);
  await liveRooms(ctx);
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

/** The caller hangs up before an answer: a missed call for the callee. */
export async function cancelCall(ctx: Ctx, actor: Actor, req: CallPeerRequest): Promise<void> {
  const ref = await requireCallable(ctx, actor, req.uid);
  if (!(await ctx.store.voice.endCall(actor.uid, req.uid))) {
    // Already answered or ended: hanging up is leaving.
    await leaveVoice(ctx, actor);
    return;
  }
  await missed(ctx, actor.uid, req.uid, ref);
}
