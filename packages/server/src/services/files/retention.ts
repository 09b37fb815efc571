/**
 * File auto-delete (`max_file_expiry_mode`, API.md §3): files older than the administrator's
 * setting are deleted; messages that carried them show the file as expired. Every node runs the
 * timer; the `job_leases` row lets one node at a time do the work, as the message expiry does.
 */
import type { SystemCommon } from '@parley/protocol';
import type { Ctx } from '../../context.js';
import { JobRunner } from '../jobs/job-runner.js';
import { readSetting } from '../settings.js';
import { discard } from './upload.js';

const BATCH = 100;
const DAY = 86_400_000;
export const RETENTION_TICK_MS = 60_000;
const LEASE_MS = 5 * 60_000;
const DAYS: Record<Exclude<SystemCommon['max_file_expiry_mode'], 'Off'>, number> = {
  Day1: 1,
  Day7: 7,
  Day30: 30,
  Day90: 90,
  Day180: 180,
};

/** Deletes every file older than the setting allows at `now`; returns how many. */
export async function deleteExpiredFiles(ctx: Ctx, now: number): Promise<number> {
  const mode = (await readSetting(ctx.store, 'systemCommon')).max_file_expiry_mode;
  if (mode === 'Off') return 0;
  const before = now - DAYS[mode] * DAY;
  let deleted = 0;
  for (;;) {
    const ids = await ctx.store.files.listFinishedBefore(before, BATCH);
    for (const id of ids) await discard(ctx, id);
    deleted += ids.length;
    if (ids.length < BATCH) return deleted;
  }
}

/** The node's retention timer: works while the setting is on and the node holds the lease. */
export function fileRetentionRunner(ctx: Ctx, intervalMs = RETENTION_TICK_MS): JobRunner {
  return new JobRunner(ctx, {
    name: 'file-retention',
    intervalMs,
    leaseMs: LEASE_MS,
    hasWork: async () => (await readSetting(ctx.store, 'systemCommon')).max_file_expiry_mode !== 'Off',
    pass: async (now) => {
      const deleted = await deleteExpiredFiles(ctx, now);
      if (deleted > 0) ctx.log.info({ deleted }, 'expired files deleted');
    },
  });
}
