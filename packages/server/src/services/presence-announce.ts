/**
 * Announcing presence (API.md "Online presence"): a user's first stream tells everyone who sees
 * them that they are online; their last stream closing tells them they are offline, but only
 * `PRESENCE_GRACE_MS` later and only if no stream of theirs opened meanwhile. A client that
 * reconnects — and a reconnect storm, every client dropping and resuming at once — therefore
 * announces nothing: before, each of N single-stream users cost an offline and an online event,
 * each written to every open stream (2·N² frames). The pending announcements live on the node
 * whose stream closed; a user who comes back on another node is announced online there once more
 * (harmless: it only repeats what the others believe), and the timer here then finds them online.
 */
import type { Ctx } from '../context.js';
import { viewersOf } from './directory.js';

/** Per server: users whose offline announcement is waiting out the grace period. */
const pendingOffline = new WeakMap<Ctx, Map<number, NodeJS.Timeout>>();

function pendingOf(ctx: Ctx): Map<number, NodeJS.Timeout> {
  let pending = pendingOffline.get(ctx);
  if (!pending) pendingOffline.set(ctx, (pending = new Map()));
  return pending;
}

async function announce(ctx: Ctx, uid: number, online: boolean): Promise<void> {
  await ctx.bus.publish({
    audience: await viewersOf(ctx, uid, true),
    event: { type: 'users_state_changed', uid, online },
  });
}

/** The user's first stream (on this count) opened. */
export async function cameOnline(ctx: Ctx, uid: number): Promise<void> {
  const pending = pendingOf(ctx);
  const timer = pending.get(uid);
  if (timer) {
    // Nobody was told they left: nothing to tell now.
    clearTimeout(timer);
    pending.delete(uid);
    return;
  }
  await announce(ctx, uid, true);
}

/** The user's last stream closed. A node shutting down has no time to wait: it announces at once. */
export async function wentOffline(ctx: Ctx, uid: number): Promise<void> {
  const graceMs = ctx.config.limits.presenceGraceMs;
  if (graceMs === 0 || ctx.lifecycle.draining) return announce(ctx, uid, false);
  const pending = pendingOf(ctx);
  clearTimeout(pending.get(uid));
  const timer = setTimeout(() => {
    pending.delete(uid);
    offlineIfGone(ctx, uid).catch((err: unknown) => ctx.log.warn({ err }, 'presence update failed'));
  }, graceMs);
  timer.unref();
  pending.set(uid, timer);
}

async function offlineIfGone(ctx: Ctx, uid: number): Promise<void> {
  if (!(await ctx.presence.isOnline(uid))) await announce(ctx, uid, false);
}

/** At shutdown: announces at once the users who were waiting out their grace period. */
export async function flushPresence(ctx: Ctx): Promise<void> {
  const pending = pendingOf(ctx);
  const uids = [...pending.keys()];
  for (const timer of pending.values()) clearTimeout(timer);
  pending.clear();
  for (const uid of uids) {
    try {
      await offlineIfGone(ctx, uid);
    } catch (err) {
      ctx.log.warn({ err }, 'presence update failed');
    }
  }
}
