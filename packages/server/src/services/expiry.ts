/**
 * Burn after reading (API.md §4.3): a message sent while its sender's `expires_in` was set for
 * that conversation carries `expires_in` and is deleted by the server once it has passed — a
 * delete record from its author, so every client drops it as it drops any deleted message.
 *
 * Every node runs the timer; a lease in the database (`job_leases`) lets one node at a time do
 * the work, and another takes over when the holder stops renewing it (`jobs/job-runner.ts`).
 */
import type { ChatMessage } from '@parley/protocol';
import type { Ctx } from '../context.js';
import { loadGroup } from '../policy/index.js';
import type { LoadedMessage } from '../policy/messages.js';
import { TargetGoneError } from '../store/errors.js';
import { groupAudience, usersAudience } from './audience.js';
import { JobRunner } from './jobs/job-runner.js';
import { pinsDeleted } from './pins.js';

const BATCH = 200;
export const EXPIRY_TICK_MS = 1_000;
const LEASE_MS = 30_000;

/** Deletes every message whose time has passed at `now`; returns how many it deleted. */
export async function expireMessages(ctx: Ctx, now: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await ctx.store.messages.listExpired(now, BATCH);
    for (const message of batch) if (await expireOne(ctx, message, now)) deleted++;
    if (batch.length < BATCH) return deleted;
  }
}

/** Deletes one message as its author would (a delete record), with what a delete does to pins. */
export async function expireOne(ctx: Ctx, message: ChatMessage, now: number): Promise<boolean> {
  const loaded = await loadedFor(ctx, message);
  try {
    await ctx.sends.send(
      {
        from_uid: message.from_uid,
        created_at: now,
        target: message.target,
        detail: { type: 'reaction', mid: message.mid, detail: { type: 'delete' } },
      },
      loaded.audience,
    );
  } catch (err) {
    // Deleted meanwhile by its author, an administrator or another node: nothing left to do.
    if (err instanceof TargetGoneError) return false;
    throw err;
  }
  await pinsDeleted(ctx, [loaded]);
  return true;
}

async function loadedFor(ctx: Ctx, message: ChatMessage): Promise<LoadedMessage> {
  const { target } = message;
  if ('gid' in target) {
    const { group, members } = await loadGroup(ctx, target.gid);
    return { message, target, audience: groupAudience(group, members), group };
  }
  return { message, target, audience: usersAudience(message.from_uid, target.uid), group: null };
}

/** The node's expiry timer: ticks while the server runs, works while it holds the lease. */
export function expiryRunner(ctx: Ctx, intervalMs = EXPIRY_TICK_MS): JobRunner {
  return new JobRunner(ctx, {
    name: 'message-expiry',
    intervalMs,
    leaseMs: LEASE_MS,
    hasWork: async (now) => (await ctx.store.messages.listExpired(now, 1)).length > 0,
    pass: async (now) => void (await expireMessages(ctx, now)),
  });
}
