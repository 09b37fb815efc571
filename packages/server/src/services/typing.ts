/**
 * Typing indicators (Parley, beyond VoceChat): `user_typing` events, never stored. A client sends
 * at most one every few seconds while its user types; the server drops faster ones per user and
 * conversation (on each node; see docs/search.md), so a misbehaving client cannot flood a channel.
 */
import type { MessageTarget } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import type { Audience } from '../realtime/bus.js';
import { typingInGroupAudience, typingToUserAudience } from '../policy/typing.js';

/** A user's second signal for the same conversation within this window is dropped. */
export const TYPING_THROTTLE_MS = 2500;
const MAX_TRACKED = 10_000;

const lastSent = new WeakMap<Ctx, Map<string, number>>();

/** Whether this signal goes out (and records it): false when the previous one is too recent. */
function admit(ctx: Ctx, key: string): boolean {
  let seen = lastSent.get(ctx);
  if (!seen) lastSent.set(ctx, (seen = new Map()));
  const now = ctx.now();
  const last = seen.get(key);
  if (last !== undefined && now - last < TYPING_THROTTLE_MS && now >= last) return false;
  if (seen.size >= MAX_TRACKED) {
    for (const [k, at] of seen) if (now - at >= TYPING_THROTTLE_MS) seen.delete(k);
    if (seen.size >= MAX_TRACKED) seen.clear();
  }
  seen.set(key, now);
  return true;
}

async function publish(ctx: Ctx, actor: Actor, audience: Audience, target: MessageTarget, key: string) {
  if (!admit(ctx, `${actor.uid}:${key}`)) return;
  await ctx.bus.publish({ audience, event: { type: 'user_typing', uid: actor.uid, target } });
}

export async function typingInGroup(ctx: Ctx, actor: Actor, gid: number): Promise<void> {
  const audience = await typingInGroupAudience(ctx, actor, gid);
  await publish(ctx, actor, audience, { gid }, `g${gid}`);
}

export async function typingToUser(ctx: Ctx, actor: Actor, uid: number): Promise<void> {
  const audience = await typingToUserAudience(ctx, actor, uid);
  if (audience) await publish(ctx, actor, audience, { uid }, `u${uid}`);
}
