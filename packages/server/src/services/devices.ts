/**
 * Keeps a user's signed-in devices bounded (docs/deploy.md, "Limits"): every sign-in may add a
 * device row, and a script signing in with fresh device names would otherwise grow them forever.
 */
import { LIMITS } from '@parley/protocol';
import type { Ctx } from '../context.js';

/**
 * Signs out devices whose refresh tokens have all expired (they can never come back), then the
 * least recently signed-in beyond the cap. `current` is never pruned.
 */
export async function pruneDevices(ctx: Ctx, uid: number, current: string): Promise<void> {
  const staleBefore = ctx.now() - LIMITS.refreshTokenSeconds * 1000;
  const others = (await ctx.store.sessions.listDevices(uid))
    .filter((d) => d.device !== current)
    .sort((a, b) => b.updated_at - a.updated_at);
  const keep = ctx.config.limits.devicesPerUser - 1;
  const pruned = others.filter((d, i) => i >= keep || d.updated_at < staleBefore);
  for (const d of pruned) {
    await ctx.store.sessions.deleteDevice(uid, d.device);
    await ctx.bus.publish({
      audience: { kind: 'device', uid, device: d.device },
      event: { type: 'kick', reason: 'logout' },
      close: true,
    });
  }
  if (pruned.length > 0) ctx.log.info({ uid, pruned: pruned.length }, 'signed out old devices');
}
