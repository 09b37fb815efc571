/**
 * Sends notifications of chat records, durably and once per deployment (issue 16;
 * docs/notifications.md). The same design as the webhook queue (`webhook-worker.ts`):
 *
 * Fan-out: a cursor row holds the last mid handed to notifications. A pass reads the records
 * after it, asks the decider (`notify-decider.ts`) whom to notify, then inserts one delivery row
 * per record and destination of those users (each Web Push subscription, each device with an FCM
 * token while FCM is on, a digest) and moves the cursor in one transaction, the move conditional
 * on the cursor it started from, so when two nodes race one commits and the other rolls back.
 *
 * Delivery: each node claims due rows with a conditional update (a lease) and sends them. Sends
 * run side by side and a pass does not wait for them, so a dead or slow endpoint holds up only
 * its own row. Just before sending, the decider is asked again (read on another device meanwhile,
 * a stream opened, muted, deleted: the row ends without a send). A push service's 404 or 410
 * deletes the subscription (and with it its queued rows), FCM's 404 clears the device token;
 * other failures are retried with backoff.
 */
import type { ChatMessage, PushPayload } from '@parley/protocol';
import type { Ctx } from '../context.js';
import type { NewNotifyDelivery, NotifyDeliveryRecord, NotifyDestination, Store } from '../store/types.js';
import { fcmTarget, type FcmTarget } from './fcm-config.js';
import { FcmSender } from './fcm-send.js';
import { MailError } from '../mail/smtp.js';
import { recipientsOf, wantsNotification } from './notify-decider.js';
import { digestDelayMs, digestReaders, sendDigest } from './notify-digest.js';
import { changePayloadOf, payloadOf } from './notify-payload.js';
import { vapidKeys } from './push-subscriptions.js';
import { sendWebPush, type PushOutcome, type VapidDetails } from './web-push-send.js';
import { PollLoop } from './jobs/poll-loop.js';

const POLL_MS = 250;
const IDLE_POLL_MS = 1_000;
const FAN_OUT_BATCH = 200;
const CLAIM_BATCH = 32;
/** Delays after the 1st, 2nd, … failed attempt; its length + 1 attempts in all. */
export const NOTIFY_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000];
const ATTEMPT_TIMEOUT_MS = 10_000;
/** Longer than an attempt can take (a token exchange and a send), so a lease never runs out mid-send. */
const LEASE_MS = 3 * ATTEMPT_TIMEOUT_MS;

class LostRace extends Error {}

export class NotifyWorker {
  private readonly sending = new Set<Promise<void>>();
  private vapid: VapidDetails | undefined;
  private readonly fcm: FcmSender;
  private readonly loop: PollLoop;
  /**
   * Whether the last pass found anyone who can be notified: only then does a chat record start a
   * pass at once, as for webhooks. Without destinations a pass only moves the cursor, which the
   * next poll does as well; on every chat record, on every node (two of three losing the race),
   * it was about a quarter of a message's CPU on a three-node cluster.
   */
  private destinationsSeen = false;

  constructor(private readonly ctx: Ctx) {
    this.fcm = new FcmSender(ctx.now);
    this.loop = new PollLoop(ctx, {
      failure: 'notification pass failed',
      busyMs: POLL_MS,
      idleMs: IDLE_POLL_MS,
      pass: () => this.pass(),
      wakeOnChat: () => this.destinationsSeen,
    });
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  /** Stops polling and waits for the pass and the sends in progress. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.allSettled([...this.sending]);
  }

  /** One fan-out and one claim of due rows; returns whether anyone can be notified at all. */
  async pass(): Promise<boolean> {
    const fcm = await fcmTarget(this.ctx);
    const digestDelay = await digestDelayMs(this.ctx);
    const any = await this.fanOut({ fcmOn: fcm !== null, digestDelay });
    this.destinationsSeen = any;
    if (any) await this.claimAndSend(fcm);
    return any;
  }

  private async fanOut(channels: Channels): Promise<boolean> {
    const store = this.ctx.store;
    const now = this.ctx.now();
    const cursor = await store.notify.cursor();
    const max = await store.messages.maxMid();
    const any =
      channels.digestDelay !== null ||
      (await store.notify.anySubscription()) ||
      (channels.fcmOn && (await store.notify.anyDeviceToken()));
    if (max <= cursor) return any;
    // Without destinations nobody can be notified: the records are passed over unread.
    let through = max;
    let deliveries: NewNotifyDelivery[] = [];
    if (any) {
      const records = await store.messages.listRange(cursor, max, FAN_OUT_BATCH);
      if (records.length === FAN_OUT_BATCH) through = records.at(-1)!.mid;
      // Decided outside the transaction, so that it holds no connection (SQLite has one) meanwhile.
      deliveries = await deliveriesFor(this.ctx, store, records, now, channels);
    }
    await store
      .transaction(async (tx) => {
        await tx.notify.enqueue(deliveries, now);
        if (!(await tx.notify.moveCursor(cursor, through))) throw new LostRace();
      })
      .catch((err: unknown) => {
        if (!(err instanceof LostRace)) throw err;
      });
    return any;
  }

  private async claimAndSend(fcm: FcmTarget | null): Promise<void> {
    const now = this.ctx.now();
    const claimed = await this.ctx.store.notify.claimDue(now, now + LEASE_MS, CLAIM_BATCH);
    for (const d of claimed) {
      const p = this.attempt(d, fcm)
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'notification attempt failed'))
        .finally(() => this.sending.delete(p));
      this.sending.add(p);
    }
  }

  private async vapidDetails(): Promise<VapidDetails> {
    if (!this.vapid) {
      const keys = await vapidKeys(this.ctx);
      const site = this.ctx.config.publicUrl;
      const subject = site?.startsWith('https://') ? site : 'mailto:postmaster@parley.invalid';
      this.vapid = { subject, ...keys };
    }
    return this.vapid;
  }

  private async attempt(d: NotifyDeliveryRecord, fcm: FcmTarget | null): Promise<void> {
    const store = this.ctx.store;
    const finish = (
      status: 'delivered' | 'failed' | 'pending',
      last_status: number | null,
      error: string | null,
    ) =>
      store.notify.finishAttempt(d.id, {
        status,
        next_at: status === 'pending' ? this.ctx.now() + retryDelay(d.attempts) : d.next_at,
        last_status,
        last_error: error,
        delivered_at: status === 'delivered' ? this.ctx.now() : null,
      });
    if (d.channel === 'email') return this.digest(d, finish);
    // An edit or withdrawal goes to a destination that was shown the message, whatever else
    // changed; it was queued while that send was still on its way, and waited for it.
    const kind = (JSON.parse(d.body) as PushPayload).kind;
    const change = kind === 'edit' || kind === 'withdraw';
    const record = change ? await store.notify.wasDelivered(d) : await store.messages.getLive(d.mid);
    const wanted =
      record === true ||
      (!!record && (await wantsNotification(store, this.ctx.presence, record, d.uid, this.ctx.now())));
    if (!wanted) return finish('failed', null, 'withdrawn');
    const outcome = await this.send(d, fcm);
    if (outcome === 'gone') return;
    if (outcome === null) return finish('failed', null, 'no destination');
    if (outcome.error === null) return finish('delivered', outcome.status, null);
    const last = d.attempts > NOTIFY_RETRY_DELAYS_MS.length;
    await finish(last ? 'failed' : 'pending', outcome.status, outcome.error);
  }

  private async digest(d: NotifyDeliveryRecord, finish: Finish): Promise<void> {
    try {
      const sent = await sendDigest(this.ctx, d.uid, d.mid);
      await (sent ? finish('delivered', null, null) : finish('failed', null, 'withdrawn'));
    } catch (err) {
      if (!(err instanceof MailError)) throw err;
      const last = d.attempts > NOTIFY_RETRY_DELAYS_MS.length;
      await finish(last ? 'failed' : 'pending', null, err.answer.slice(0, 200));
    }
  }

  /** The outcome, `gone` when the destination was dropped, null when there is none any more. */
  private async send(d: NotifyDeliveryRecord, fcm: FcmTarget | null): Promise<PushOutcome | 'gone' | null> {
    const store = this.ctx.store;
    if (d.channel === 'webpush') {
      const sub = await store.notify.getSubscription(d.subscription_id);
      if (!sub) return null;
      const outcome = await sendWebPush(sub, d.body, await this.vapidDetails(), ATTEMPT_TIMEOUT_MS);
      if (outcome.status !== 404 && outcome.status !== 410) return outcome;
      // The subscription is gone for good: forget it (its queued rows go with it).
      await store.notify.deleteSubscriptionById(sub.id);
      return 'gone';
    }
    if (d.channel !== 'fcm') return null;
    const token = await store.notify.deviceToken(d.uid, d.device);
    if (!fcm || !token) return null;
    const outcome = await this.fcm.send(fcm, token, JSON.parse(d.body) as PushPayload, ATTEMPT_TIMEOUT_MS);
    if (outcome.status !== 404) return outcome;
    // FCM's UNREGISTERED: the app was removed or the token replaced.
    await store.notify.setDeviceToken(d.uid, d.device, null);
    await finish404(store, d);
    return 'gone';
  }
}

interface Channels {
  fcmOn: boolean;
  /** The e-mail digest's delay in ms, or null while digests are off. */
  digestDelay: number | null;
}

type Finish = (
  status: 'delivered' | 'failed' | 'pending',
  lastStatus: number | null,
  error: string | null,
) => Promise<void>;

async function finish404(store: Store, d: NotifyDeliveryRecord): Promise<void> {
  await store.notify.finishAttempt(d.id, {
    status: 'failed',
    next_at: d.next_at,
    last_status: 404,
    last_error: 'device token gone',
    delivered_at: null,
  });
}

const retryDelay = (attempts: number) =>
  NOTIFY_RETRY_DELAYS_MS[Math.min(attempts, NOTIFY_RETRY_DELAYS_MS.length) - 1] ?? 0;

/** One row per record, recipient and destination of that recipient, and the digests to queue. */
async function deliveriesFor(
  ctx: Ctx,
  tx: Store,
  records: ChatMessage[],
  now: number,
  channels: Channels,
): Promise<NewNotifyDelivery[]> {
  const out: NewNotifyDelivery[] = [];
  const digests = new Set<number>();
  for (const record of records) {
    const change = await changePayloadOf(tx, record);
    if (change) {
      const body = JSON.stringify(change.payload);
      // FCM devices only while FCM is on; a Web Push subscription whatever else changed.
      for (const { uid, ...to } of await tx.notify.notifiedOf(change.mid))
        if (to.channel !== 'fcm' || channels.fcmOn)
          out.push({ uid, mid: change.mid, body, created_at: now, ...to });
      continue;
    }
    let destinations = new Map<number, NotifyDestination[]>();
    let readers = new Set<number>();
    const reachable = async (uids: number[]) => {
      destinations = await destinationsOf(tx, uids, channels.fcmOn);
      if (channels.digestDelay !== null) {
        readers = await digestReaders(tx, uids);
        for (const uid of await tx.notify.pendingDigests([...readers])) digests.add(uid);
      }
      return new Set([...destinations.keys(), ...readers]);
    };
    const uids = await recipientsOf(tx, ctx.presence, record, now, reachable);
    if (uids.length === 0) continue;
    const body = JSON.stringify(await payloadOf(tx, record));
    for (const uid of uids) {
      for (const to of destinations.get(uid) ?? [])
        out.push({ uid, mid: record.mid, body, created_at: now, ...to });
      if (channels.digestDelay === null || !readers.has(uid) || digests.has(uid)) continue;
      // One digest pending per user: it covers everything from this message on.
      digests.add(uid);
      out.push({
        uid,
        mid: record.mid,
        body: '',
        created_at: now,
        next_at: now + channels.digestDelay,
        channel: 'email',
        subscription_id: null,
        device: null,
      });
    }
  }
  return out;
}

async function destinationsOf(
  tx: Store,
  uids: number[],
  fcmOn: boolean,
): Promise<Map<number, NotifyDestination[]>> {
  const out = new Map<number, NotifyDestination[]>();
  const add = (uid: number, to: NotifyDestination) => out.set(uid, [...(out.get(uid) ?? []), to]);
  for (const s of await tx.notify.subscriptionsOf(uids))
    add(s.uid, { channel: 'webpush', subscription_id: s.id, device: null });
  if (fcmOn)
    for (const d of await tx.notify.fcmDevicesOf(uids))
      add(d.uid, { channel: 'fcm', subscription_id: null, device: d.device });
  return out;
}
