/**
 * Voice rooms (docs/voice.md): who is in which room, their media state, and the WebRTC signalling
 * between them. Rooms live in the database so that every node sees them; signalling and member
 * lists are events, delivered only to the room's audience. Media flows between the browsers.
 */
import type {
  JoinedVoice,
  JoinVoiceRequest,
  SendVoiceSignalRequest,
  VoiceMediaState,
  VoiceMember,
  VoiceRoom,
} from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { conflict, notFound } from '../errors.js';
import { canSeeRoom, parseRoom, requireChannelVoice, roomAudience, type RoomRef } from '../policy/voice.js';
import type { VoiceMemberRecord } from '../store/types.js';
import { readSetting } from './settings.js';
import { openSfuRoom, planSfu, syncSfuRoom } from './voice-sfu.js';

/** Clients confirm their presence every 20 s (`POST /voice/state`); silence for this long leaves. */
export const VOICE_STALE_MS = 60_000;

const view = (m: VoiceMemberRecord): VoiceMember => ({ uid: m.uid, ...m.state });

/** Deafened implies muted (SPEC §4). */
export const normalState = (s: VoiceMediaState): VoiceMediaState => ({ ...s, muted: s.muted || s.deafened });

/** Publishes a room's current member list to its audience. */
export async function publishRoom(ctx: Ctx, room: string): Promise<VoiceMember[]> {
  const ref = parseRoom(room);
  const records = await ctx.store.voice.members(room);
  await syncSfuRoom(ctx, room, records);
  const members = records.map(view);
  const audience = ref && (await roomAudience(ctx, ref));
  if (audience) {
    await ctx.bus.publish({ audience, event: { type: 'voice_room_changed', room, gid: ref!.gid, members } });
  }
  return members;
}

/** Rooms with someone in them, after removing members whose clients went silent. */
export async function liveRooms(ctx: Ctx) {
  const stale = await ctx.store.voice.pruneStale(ctx.now() - VOICE_STALE_MS);
  for (const room of new Set(stale.map((m) => m.room))) await publishRoom(ctx, room);
  return ctx.store.voice.rooms();
}

/** Puts the actor's device in a room, within the server's limits, and tells everyone concerned. */
export async function enterRoom(
  ctx: Ctx,
  actor: Actor,
  ref: RoomRef,
  state: VoiceMediaState,
): Promise<JoinedVoice> {
  await liveRooms(ctx);
  const config = await readSetting(ctx.store, 'voice');
  const sfu = await planSfu(ctx, ref, actor.uid, config);
  const now = ctx.now();
  const result = await ctx.store.voice.join(
    {
      uid: actor.uid,
      device: actor.device,
      room: ref.room,
      gid: ref.gid,
      state: normalState(state),
      joined_at: now,
      seen_at: now,
    },
    {
      roomLimit: ref.uids ? 2 : sfu ? (config.sfu_limit ?? config.mesh_limit) : config.mesh_limit,
      callLimit: config.max_calls,
    },
  );
  if (!result.joined) throw conflict(result.reason);
  const { replaced } = result;
  if (replaced && replaced.device !== actor.device) {
    await ctx.bus.publish({
      audience: { kind: 'device', uid: actor.uid, device: replaced.device },
      event: { type: 'voice_ended', room: replaced.room, reason: 'other_device' },
    });
  }
  if (replaced && replaced.room !== ref.room) await publishRoom(ctx, replaced.room);
  const feeds = sfu && (await openSfuRoom(ctx, ref.room, sfu.url, actor.uid));
  const members = await publishRoom(ctx, ref.room);
  return { room: ref.room, members, ...(feeds ? { sfu: { feeds } } : {}) };
}

export async function joinVoice(ctx: Ctx, actor: Actor, req: JoinVoiceRequest): Promise<JoinedVoice> {
  const { gid, ...state } = req;
  return enterRoom(ctx, actor, await requireChannelVoice(ctx, actor, gid), state);
}

/** Takes the user out of their room (no error when in none). */
export async function leaveVoice(ctx: Ctx, actor: Actor): Promise<void> {
  const left = await ctx.store.voice.leave(actor.uid);
  if (left) await publishRoom(ctx, left.room);
}

/**
 * A device closed its last event stream (on every node): if the user's call is on that device, it
 * ends now, so that nobody waits for the heartbeat to expire to see them gone or to call them.
 * A reload opens a new stream and rejoins (docs/voice.md "Reload"); a join newer than `closedAt`
 * (the new page rejoined before its stream opened) stays. Returns the membership that ended. A
 * caller whose phone was still ringing the other side is `services/calls.ts`'s `deviceGone`.
 */
export async function leaveIfGone(
  ctx: Ctx,
  uid: number,
  device: string,
  closedAt = ctx.now(),
): Promise<VoiceMemberRecord | undefined> {
  if ((await ctx.presence.deviceStreams(uid, device)) > 0) return undefined;
  const member = await ctx.store.voice.member(uid);
  if (!member || member.device !== device || member.joined_at > closedAt) return undefined;
  const left = await ctx.store.voice.leave(uid, device);
  if (left) await publishRoom(ctx, left.room);
  return left;
}

export async function setVoiceState(ctx: Ctx, actor: Actor, state: VoiceMediaState): Promise<void> {
  const before = await ctx.store.voice.member(actor.uid);
  if (!before || before.device !== actor.device) throw notFound('not in a voice room');
  const next = normalState(state);
  await ctx.store.voice.touch(actor.uid, next, ctx.now());
  const changed = (Object.keys(next) as (keyof VoiceMediaState)[]).some((k) => next[k] !== before.state[k]);
  if (changed) await publishRoom(ctx, before.room);
}

/** Relays a signal to another member of the sender's room, on the device they joined from. */
export async function sendVoiceSignal(ctx: Ctx, actor: Actor, req: SendVoiceSignalRequest): Promise<void> {
  await ctx.limits.voiceSignal(actor.uid, actor.device);
  const from = await ctx.store.voice.member(actor.uid);
  if (!from || from.device !== actor.device) throw notFound('not in a voice room');
  const to = await ctx.store.voice.member(req.to);
  if (!to || to.room !== from.room || to.uid === actor.uid) throw notFound('not in your voice room');
  await ctx.bus.publish({
    audience: { kind: 'device', uid: to.uid, device: to.device },
    event: { type: 'voice_signal', room: from.room, from: actor.uid, signal: req.signal },
  });
}

/** The rooms the actor may see, with their member counts (SPEC §3 "voice list"). */
export async function listVoiceRooms(ctx: Ctx, actor: Actor): Promise<VoiceRoom[]> {
  const out: VoiceRoom[] = [];
  for (const { room, count } of await liveRooms(ctx)) {
    const ref = parseRoom(room);
    if (!ref || !(await canSeeRoom(ctx, actor, ref))) continue;
    if (ref.gid !== null) {
      const group = await ctx.store.groups.get(ref.gid);
      out.push({ id: ref.gid, room, context: 'channel', memberCount: count, channelName: group?.name ?? '' });
    } else {
      const other = ref.uids!.find((u) => u !== actor.uid) ?? actor.uid;
      const user = await ctx.store.users.get(other);
      out.push({ id: other, room, context: 'dm', memberCount: count, channelName: user?.name ?? '' });
    }
  }
  return out;
}
