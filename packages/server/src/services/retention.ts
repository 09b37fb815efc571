/**
 * Message retention (Parley extension, docs/api.md "Retention"): messages older than the days that
 * apply to their conversation are deleted, each as its author would delete it (a delete record,
 * so every client drops it, and pins go as for any delete), and a file goes with its message when
 * nothing else (a live message, an archive, a favorite) refers to it any more. The server default
 * covers direct messages and channels without their own days; 0 days keeps messages forever.
 *
 * Every node runs the timer; the `job_leases` row lets one node at a time do the work
 * (`jobs/job-runner.ts`), as the message expiry and file auto-delete do.
 */
import type { ChannelRetention, RetentionPolicy } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { loadRetentionChannel, requireRetentionAdmin } from '../policy/retention.js';
import type { RetentionScope } from '../store/types.js';
import { audited } from './audit.js';
import { expireOne } from './expiry.js';
import { discard } from './files/upload.js';
import { JobRunner } from './jobs/job-runner.js';
import { readSetting, writeSetting, type RetentionSetting } from './settings.js';

const DAY = 86_400_000;
const BATCH = 200;
export const RETENTION_TICK_MS = 60 * 60_000;
const LEASE_MS = 10 * 60_000;

export async function getRetention(ctx: Ctx, actor: Actor): Promise<RetentionPolicy> {
  requireRetentionAdmin(actor);
  return { days: (await readSetting(ctx.store, 'retention')).days };
}

export async function setRetention(ctx: Ctx, actor: Actor, days: number): Promise<void> {
  requireRetentionAdmin(actor);
  await audited(ctx, actor, async (tx, audit) => {
    const current = await readSetting(tx, 'retention');
    await writeSetting(tx, 'retention', { ...current, days });
    await audit('settings.retention', 'settings:retention', days === 0 ? 'keep forever' : `${days} days`);
  });
}

export async function getChannelRetention(ctx: Ctx, actor: Actor, gid: number): Promise<ChannelRetention> {
  await loadRetentionChannel(ctx, actor, gid);
  const setting = await readSetting(ctx.store, 'retention');
  const own = setting.channels[String(gid)];
  return { days: own ?? null, effective_days: own ?? setting.days };
}

export async function setChannelRetention(
  ctx: Ctx,
  actor: Actor,
  gid: number,
  days: number | null,
): Promise<void> {
  await loadRetentionChannel(ctx, actor, gid);
  await audited(ctx, actor, async (tx, audit) => {
    const current = await readSetting(tx, 'retention');
    const { [String(gid)]: _old, ...others } = current.channels;
    const channels = days === null ? others : { ...others, [String(gid)]: days };
    await writeSetting(tx, 'retention', { ...current, channels });
    const detail = days === null ? 'server default' : days === 0 ? 'keep forever' : `${days} days`;
    await audit('settings.retention', `group:${gid}`, detail);
  });
}

/** The passes of one run: each channel with its own days, then everything else by the default. */
function passesOf(setting: RetentionSetting, now: number): { before: number; scope: RetentionScope }[] {
  const own = Object.entries(setting.channels).map(([gid, days]) => ({ gid: Number(gid), days }));
  const passes = own
    .filter((c) => c.days > 0)
    .map((c) => ({ before: now - c.days * DAY, scope: { gid: c.gid } as RetentionScope }));
  if (setting.days > 0)
    passes.push({ before: now - setting.days * DAY, scope: { exceptGids: own.map((c) => c.gid) } });
  return passes;
}

/** Deletes every message older than its retention at `now`; returns how many it deleted. */
export async function applyRetention(ctx: Ctx, now: number): Promise<number> {
  const setting = await readSetting(ctx.store, 'retention');
  let deleted = 0;
  for (const { before, scope } of passesOf(setting, now)) {
    for (;;) {
      const batch = await ctx.store.messages.listOlderThan(before, scope, BATCH);
      for (const message of batch) {
        const fileId = await ctx.store.files.fileOfMessage(message.mid);
        if (!(await expireOne(ctx, message, now))) continue;
        deleted++;
        if (fileId && (await ctx.store.files.liveReferences(fileId)) === 0) await discard(ctx, fileId);
      }
      if (batch.length < BATCH) break;
    }
  }
  return deleted;
}

const hasPolicy = (s: RetentionSetting) => s.days > 0 || Object.values(s.channels).some((d) => d > 0);

/** The node's retention timer: works while a policy is set and the node holds the lease. */
export function retentionRunner(ctx: Ctx, intervalMs = RETENTION_TICK_MS): JobRunner {
  return new JobRunner(ctx, {
    name: 'message-retention',
    intervalMs,
    leaseMs: LEASE_MS,
    hasWork: async () => hasPolicy(await readSetting(ctx.store, 'retention')),
    pass: async (now) => {
      const deleted = await applyRetention(ctx, now);
      if (deleted > 0) ctx.log.info({ deleted }, 'messages past their retention deleted');
    },
  });
}
