/**
 * File auto-delete (`max_file_expiry_mode`, API.md §3): files older than the administrator's
 * setting are deleted; messages that carried them show the file as expired. Every node runs the
 * timer; the `job_leases` row lets one node at a time do the work, as the message expiry does.
 */
import type { SystemCommon } from '@parley/protocol';
import { randomToken } from '../../auth/tokens.js';
import type { Ctx } from '../../context.js';
import { readSetting } from '../settings.js';
import { discard } from './upload.js';

const JOB = 'file-retention';
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

export class FileRetentionRunner {
  private readonly holder = randomToken(9);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly tickMs = RETENTION_TICK_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** One pass (tests call it directly); passes never overlap on a node. */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    await this.ctx.store.jobLeases.release(JOB, this.holder).catch(() => {});
  }

  private async pass(): Promise<void> {
    try {
      const now = this.ctx.now();
      if ((await readSetting(this.ctx.store, 'systemCommon')).max_file_expiry_mode === 'Off') return;
      if (!(await this.ctx.store.jobLeases.acquire(JOB, this.holder, now, now + LEASE_MS))) return;
      const deleted = await deleteExpiredFiles(this.ctx, now);
      if (deleted > 0) this.ctx.log.info({ deleted }, 'expired files deleted');
    } catch (err) {
      this.ctx.log.warn({ err }, 'file retention pass failed');
    }
  }
}
