/**
 * Who may use a room's SFU (docs/voice.md "SFU"): its members, from the device they joined from,
 * and each only on the Janus handles Parley made for them.
 */
import type { Actor, Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { VoiceMemberRecord, VoiceSfuHandleRecord, VoiceSfuRoomRecord } from '../store/types.js';

/** The actor's room when it runs on the SFU; 404 when not in a room from this device, or a mesh room. */
export async function requireSfuMember(
  ctx: Ctx,
  actor: Actor,
): Promise<{ member: VoiceMemberRecord; room: VoiceSfuRoomRecord }> {
  const member = await ctx.store.voice.member(actor.uid);
  if (!member || member.device !== actor.device) throw notFound('not in a voice room');
  const room = await ctx.store.voiceSfu.room(member.room);
  if (!room) throw notFound('your voice room is not on the SFU');
  return { member, room };
}

/** One of the actor's own handles in its room (of `kind`); 404 for anyone else's. */
export async function requireSfuHandle(
  ctx: Ctx,
  actor: Actor,
  handle: number,
  kind?: VoiceSfuHandleRecord['kind'],
): Promise<VoiceSfuHandleRecord> {
  const { member } = await requireSfuMember(ctx, actor);
  const found = await ctx.store.voiceSfu.handle(handle);
  if (
    !found ||
    found.uid !== actor.uid ||
    found.device !== actor.device ||
    found.room !== member.room ||
    (kind !== undefined && found.kind !== kind)
  ) {
    throw notFound('no such handle');
  }
  return found;
}
