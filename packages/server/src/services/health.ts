/**
 * Readiness: whether this node can serve right now. A load balancer routes around a node that is
 * not ready (database or Redis unreachable, blob storage unusable, shutting down).
 */
import type { Ctx } from '../context.js';

const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  /** "ok" or what failed, per dependency. */
  checks: Record<'node' | 'database' | 'events' | 'blobs', string>;
}

export async function readiness(ctx: Ctx): Promise<Readiness> {
  const [database, events, blobs] = await Promise.all([
    probe(() => ctx.store.ping()),
    probe(() => ctx.bus.check()),
    probe(() => ctx.blobs.check()),
  ]);
  const node = ctx.lifecycle.draining ? 'shutting down' : 'ok';
  const checks = { node, database, events, blobs };
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
}

async function probe(check: () => Promise<void>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message.slice(0, 200) : 'failed';
  } finally {
    clearTimeout(timer);
  }
}
