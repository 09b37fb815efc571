/**
 * Who may take part in calls, and who hears about them (docs/voice.md): a channel's room is for
 * those who may send there (its readers who are not guests) and is seen by its readers; a DM call
 * is for whoever may send the DM, and only its two sides hear of it.
 */
import type { Actor, Ctx } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import type { Audience } from '../realtime/bus.js';
import { groupAudience, usersAudience } from '../services/audience.js';
import { canRead, loadGroup, loadReadable, requireDirectMessage, requireSender } from './index.js';

export interface RoomRef {
  room: string;
  gid: number | null;
  /** The two sides of a DM room. */
  uids: [number, number] | null;
}

export const groupRoom = (gid: number): RoomRef => ({ room: `group:${gid}`, gid, uids: null });
export function dmRoom(a: number, b: number): RoomRef {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return { room: `dm:${lo}:${hi}`, gid: null, uids: [lo, hi] };
}
export function parseRoom(room: string): RoomRef | undefined {
  const group = /^group:(\d{1,16})$/.exec(room);
  if (group) return groupRoom(Number(group[1]));
  const dm = /^dm:(\d{1,16}):(\d{1,16})$/.exec(room);
  return dm ? dmRoom(Number(dm[1]), Number(dm[2])) : undefined;
}

/** The channel's room when the actor may speak in it; 404 unknown channel, 403 otherwise. */
export async function requireChannelVoice(ctx: Ctx, actor: Actor, gid: number): Promise<RoomRef> {
  await loadReadable(ctx, actor, gid);
  requireSender(actor);
  return groupRoom(gid);
}

/** The DM room for calling `uid`: 400 for oneself, 404 unknown user, 403 when DMs are refused. */
export async function requireCallable(ctx: Ctx, actor: Actor, uid: number): Promise<RoomRef> {
  if (uid === actor.uid) throw badRequest('cannot call yourself');
  const user = await ctx.store.users.get(uid);
  if (!user) throw notFound('no such user');
  await requireDirectMessage(ctx, actor, uid);
  return dmRoom(actor.uid, uid);
}

/** Who sees a room's member list: its channel's readers, or the DM's two sides. */
export async function roomAudience(ctx: Ctx, ref: RoomRef): Promise<Audience | undefined> {
  if (ref.uids) return usersAudience(...ref.uids);
  const group = await ctx.store.groups.get(ref.gid!);
  if (!group) return undefined;
  return groupAudience(group, group.is_public ? [] : await ctx.store.groups.members(group.gid));
}

/** Whether the actor may see a room's members (the room list). */
export async function canSeeRoom(ctx: Ctx, actor: Actor, ref: RoomRef): Promise<boolean> {
  if (ref.uids) return ref.uids.includes(actor.uid);
  try {
    return canRead(actor, await loadGroup(ctx, ref.gid!));
  } catch {
    return false;
  }
}
