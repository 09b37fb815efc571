/**
 * Delivers chat records to webhooks, durably and once per deployment (API.md §10.3; docs/api.md,
 * "Webhooks").
 *
 * Fan-out: a cursor row holds the last mid handed to webhooks. A pass reads the records after
 * it, inserts one delivery row per record and bot that may see it, and moves the cursor — in
 * one transaction, the move conditional on the cursor read, so when two nodes race, one commits
 * and the other rolls back. A record committed but not yet fanned out when a node stops is
 * picked up by the next pass of any node.
 *
 * Delivery: each node claims due rows with a conditional update (a lease), posts them signed,
 * and stores the outcome: up to three attempts one second apart. Rows live in the database, so
 * a restart resumes them; a lease left by a node that died frees itself when it runs out.
 */
import type { ChatMessage } from '@parley/protocol';
import { WEBHOOK_HEADERS } from '@parley/protocol';
import type { Ctx } from '../context.js';
import type { DeliveryRecord, NewDelivery, Store, WebhookRecord } from '../store/types.js';
import { PollLoop } from './jobs/poll-loop.js';
import { signDelivery } from './webhooks.js';

const POLL_MS = 200;
/** While no webhook exists a pass is one query; it runs this often. */
const IDLE_POLL_MS = 1_000;
const FAN_OUT_BATCH = 500;
const CLAIM_BATCH = 16;
export const MAX_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 1_000;
const ATTEMPT_TIMEOUT_MS = 5_000;
/** Longer than an attempt can take, so a lease never runs out while its node is posting. */
const LEASE_MS = 3 * ATTEMPT_TIMEOUT_MS;

type Hook = WebhookRecord & { url: string };

class LostRace extends Error {}

export class WebhookWorker {
  /** Whether the last pass saw a webhook: only then does a chat record start a pass at once. */
  private hooksSeen = false;
  private readonly loop: PollLoop;

  constructor(private readonly ctx: Ctx) {
    this.loop = new PollLoop(ctx, {
      failure: 'webhook pass failed',
      busyMs: POLL_MS,
      idleMs: IDLE_POLL_MS,
      pass: () => this.pass(),
      wakeOnChat: () => this.hooksSeen,
    });
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  /** Stops polling and waits for the pass in progress (its attempts finish and are recorded). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One fan-out and one round of deliveries; returns whether any webhook exists. */
  async pass(): Promise<boolean> {
    const hooks = await this.ctx.store.bots.listWebhooks();
    this.hooksSeen = hooks.length > 0;
    // Without webhooks nothing is due: removing a URL ends its pending deliveries (webhooks.ts).
    if (!this.hooksSeen) return false;
    await this.fanOut(hooks);
    await this.deliverDue(hooks);
    return true;
  }

  private async fanOut(hooks: Hook[]): Promise<void> {
    const now = this.ctx.now();
    const oldest = Math.min(...hooks.map((h) => h.from_mid));
    await this.ctx.store
      .transaction(async (tx) => {
        const cursor = await tx.bots.cursor();
        const max = await tx.messages.maxMid();
        // Records no webhook wants are skipped without being read.
        const start = Math.max(cursor, oldest);
        if (max <= start) return;
        const records = await tx.messages.listRange(start, max, FAN_OUT_BATCH);
        const through = records.length === FAN_OUT_BATCH ? records.at(-1)!.mid : max;
        await tx.bots.enqueue(await deliveriesFor(tx, hooks, records, now), now);
        if (!(await tx.bots.moveCursor(cursor, through))) throw new LostRace();
      })
      .catch((err: unknown) => {
        if (!(err instanceof LostRace)) throw err;
      });
  }

  private async deliverDue(hooks: Hook[]): Promise<void> {
    const now = this.ctx.now();
    const claimed = await this.ctx.store.bots.claimDue(now, now + LEASE_MS, CLAIM_BATCH);
    const byUid = new Map(hooks.map((h) => [h.uid, h]));
    await Promise.all(claimed.map((d) => this.attempt(d, byUid.get(d.uid))));
  }

  private async attempt(d: DeliveryRecord, hook: Hook | undefined): Promise<void> {
    if (!hook) {
      await this.ctx.store.bots.finishAttempt(d.id, {
        status: 'failed',
        next_at: d.next_at,
        last_status: null,
        last_error: 'webhook removed',
        delivered_at: null,
      });
      return;
    }
    const timestamp = this.ctx.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(hook.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_HEADERS.delivery]: String(d.id),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signDelivery(hook.secret, timestamp, d.body),
        },
        body: d.body,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await res.body?.cancel();
      status = res.status;
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (err) {
      error = describe(err);
    }
    const done = this.ctx.now();
    const delivered = error === null;
    await this.ctx.store.bots.finishAttempt(d.id, {
      status: delivered ? 'delivered' : d.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
      next_at: delivered ? d.next_at : done + RETRY_DELAY_MS,
      last_status: status,
      last_error: error,
      delivered_at: delivered ? done : null,
    });
  }
}

function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string } }).cause?.code;
  const text = cause ?? (err instanceof Error ? err.name : 'error');
  return text.slice(0, 200);
}

/** One delivery per record and per bot among its recipients (API.md §10.3 "Who"). */
async function deliveriesFor(
  store: Store,
  hooks: Hook[],
  records: ChatMessage[],
  now: number,
): Promise<NewDelivery[]> {
  const out: NewDelivery[] = [];
  const groups = new Map<number, Set<number> | 'all' | 'none'>();
  for (const record of records) {
    let recipients: (uid: number) => boolean;
    if ('gid' in record.target) {
      const gid = record.target.gid;
      if (!groups.has(gid)) {
        const group = await store.groups.get(gid);
        groups.set(gid, !group ? 'none' : group.is_public ? 'all' : new Set(await store.groups.members(gid)));
      }
      const audience = groups.get(gid)!;
      recipients = (uid) => audience === 'all' || (audience !== 'none' && audience.has(uid));
    } else {
      const pair = [record.from_uid, record.target.uid];
      recipients = (uid) => pair.includes(uid);
    }
    const body = JSON.stringify(record);
    for (const hook of hooks)
      if (record.mid > hook.from_mid && recipients(hook.uid))
        out.push({ uid: hook.uid, mid: record.mid, body, created_at: now });
  }
  return out;
}
