/**
 * Typing indicators (Parley, beyond VoceChat): `user_typing` events, never stored. A client sends
 * at most one every few seconds while its user types; the server drops faster ones per user and
 * conversation (counted in Redis in scaled mode, so across nodes), so a misbehaving client cannot
 * flood a channel.
 */
import type { MessageTarget } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import type { Audience } from '../realtime/bus.js';
import { typingInGroupAudience, typingToUserAudience } from '../policy/typing.js';

/** A user's second signal for the same conversation within this window is dropped. */
export const TYPING_THROTTLE_MS = 2500;

async function publish(ctx: Ctx, actor: Actor, audience: Audience, target: MessageTarget, key: string) {
  if (!(await ctx.limits.firstInWindow(`typing:${actor.uid}:${key}`, TYPING_THROTTLE_MS))) return;
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
