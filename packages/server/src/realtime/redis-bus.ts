/**
 * The event bus of scaled mode: every envelope goes through one Redis pub/sub channel, and every
 * node (the publisher too) delivers it to its own streams. Redis keeps the order of one
 * publisher's messages and senders publish under the cluster send lock, so chat records arrive
 * in mid order; the sequencer fills the hole a crashed publisher leaves (realtime/sequencer.ts).
 *
 * Pub/sub forgets what it could not deliver. So while either connection is down the bus is not
 * live: streams are closed and refused, and clients resume from the database once it is back.
 * Nodes do not turn live together: a node still reconnecting commits sends it cannot publish
 * while another node already serves resumed streams. So each node, once live, publishes a mark
 * naming the newest committed mid, and the others read back any record through it they missed.
 */
import { randomBytes } from 'node:crypto';
import { checkServerEvent } from '@parley/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Envelope, EventBus } from './bus.js';
import { ChatSequencer, type SequencerSource } from './sequencer.js';
import { busLag } from '../metrics/process.js';

export interface RedisBusOptions {
  pub: Redis;
  sub: Redis;
  channel: string;
  source: SequencerSource;
  /** Runs after each (re)subscription, before the bus turns live (presence reset). */
  beforeLive: () => Promise<void>;
  log: FastifyBaseLogger;
  /**
   * A second channel read on the same connection (cache invalidations): subscribed with the events
   * channel each time the bus goes live, so it is live exactly when the bus is, and its messages
   * keep their order relative to the events published after them on the same connection.
   */
  side?: { channel: string; onMessage: (message: string) => void };
}

const RETRY_LIVE_MS = 1_000;
/** A mark on the events channel: `#mark <mid>`. Envelopes start with `{`, so the two never mix. */
const MARK = '#mark ';
/** A node's own barrier on the events channel: `#settle <bus id> <n>` (see `settle`). */
const SETTLE = '#settle ';

export class RedisBus implements EventBus {
  private readonly handlers = new Set<(envelope: Envelope) => void>();
  private readonly lostListeners: (() => void)[] = [];
  private readonly sequencer: ChatSequencer;
  private live = false;
  private goingLive: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Tells this bus's barriers from other nodes' on the shared channel. */
  private readonly id = randomBytes(8).toString('hex');
  private settles = 0;
  /** Barriers published and not yet read back, by their text. */
  private readonly settling = new Map<string, () => void>();
  /** The barrier not yet published: callers until then share it (a storm of reconnecting streams). */
  private nextBarrier: Promise<void> | undefined;

  constructor(private readonly o: RedisBusOptions) {
    this.sequencer = new ChatSequencer(
      o.source,
      (envelope) => {
        for (const handler of this.handlers) handler(envelope);
      },
      (err) => {
        // A hole we could not fill: our streams may have missed a record, so they start over.
        o.log.error({ err }, 'could not recover missed chat records');
        this.lose();
      },
    );
    o.sub.on('message', (channel: string, message: string) => {
      if (o.side && channel === o.side.channel) return o.side.onMessage(message);
      if (channel !== o.channel) return;
      if (message.startsWith(SETTLE)) {
        const settled = this.settling.get(message);
        this.settling.delete(message);
        // Envelopes read before the barrier may still wait on a recovery in the sequencer.
        if (settled) void this.sequencer.settled().then(settled);
        return;
      }
      if (message.startsWith(MARK)) {
        const mid = Number(message.slice(MARK.length));
        // Only nodes publish here; a mark that is not a mid would disable the gap check.
        if (Number.isSafeInteger(mid)) this.sequencer.mark(mid);
        return;
      }
      let envelope: Envelope;
      try {
        envelope = decode(message);
      } catch (err) {
        // Only nodes publish here; anything else on the channel is dropped, not fatal.
        o.log.warn({ err }, 'unreadable event on the bus');
        return;
      }
      this.sequencer.accept(envelope);
    });
    for (const redis of [o.pub, o.sub]) {
      redis.on('close', () => this.lose());
      redis.on('ready', () => this.tryGoLive());
    }
  }

  /** Subscribes and turns live; rejects when Redis or the database cannot be reached. */
  async start(): Promise<void> {
    await this.goLive();
  }

  isLive(): boolean {
    return this.live;
  }

  onLost(listener: () => void): void {
    this.lostListeners.push(listener);
  }

  async check(): Promise<void> {
    if (!this.live) throw new Error('not subscribed to Redis');
    await this.o.pub.ping();
  }

  async publish(envelope: Envelope): Promise<void> {
    // Not live: this node's streams are closed and Redis is away or hanging; waiting for it here
    // would hold the send lock (and every node's sends) for the command timeout each time.
    if (!this.live) return;
    try {
      await this.o.pub.publish(this.o.channel, encode(envelope));
    } catch (err) {
      // Never fails the request: what was published follows a commit. A missed chat record is
      // refetched by the next one's `prevMid`; anything else is lost with the streams we close.
      this.o.log.warn({ err, type: envelope.event.type }, 'event not published');
      this.lose();
      // A command that timed out on an open connection means a half-dead one: start afresh.
      if (this.o.pub.status === 'ready') this.o.pub.disconnect(true);
    }
  }

  /**
   * Publishes a barrier and waits to read it back: Redis hands each subscriber the channel's
   * messages in the order it received them, so everything published before has been read by then.
   * Calls made before the barrier goes out share it: it is published after each of them.
   */
  settle(): Promise<void> {
    if (!this.live) return Promise.resolve();
    this.nextBarrier ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.nextBarrier = undefined;
      return this.publishBarrier();
    });
    return this.nextBarrier;
  }

  private async publishBarrier(): Promise<void> {
    if (!this.live) return;
    const barrier = `${SETTLE}${this.id} ${++this.settles}`;
    const reached = new Promise<void>((resolve) => this.settling.set(barrier, resolve));
    try {
      await this.o.pub.publish(this.o.channel, barrier);
    } catch {
      // As for an envelope that could not be published: the bus is lost and its streams close.
      this.lose();
    }
    return reached;
  }

  async subscribe(handler: (envelope: Envelope) => void): Promise<() => void> {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    this.releaseBarriers();
    clearTimeout(this.retryTimer);
    this.handlers.clear();
    this.o.pub.disconnect();
    this.o.sub.disconnect();
  }

  private lose(): void {
    if (!this.live) return;
    this.live = false;
    this.sequencer.forget();
    // Their barriers may never come back; the streams waiting on them are closed below.
    this.releaseBarriers();
    this.o.log.warn('event bus lost: closing streams until Redis is back');
    for (const listener of this.lostListeners) listener();
  }

  private releaseBarriers(): void {
    for (const settled of this.settling.values()) settled();
    this.settling.clear();
  }

  private async publishMark(): Promise<void> {
    await this.o.pub.publish(this.o.channel, `${MARK}${await this.o.source.latestMid()}`);
  }

  private tryGoLive(): void {
    if (this.closed || this.live || this.goingLive) return;
    if (this.o.pub.status !== 'ready' || this.o.sub.status !== 'ready') return;
    this.goLive().catch((err: unknown) => {
      this.o.log.warn({ err }, 'event bus not live yet, retrying');
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.tryGoLive(), RETRY_LIVE_MS);
    });
  }

  private goLive(): Promise<void> {
    this.goingLive ??= (async () => {
      try {
        await this.o.sub.subscribe(this.o.channel, ...(this.o.side ? [this.o.side.channel] : []));
        await this.o.beforeLive();
        await this.sequencer.reset();
        if (this.o.pub.status !== 'ready' || this.o.sub.status !== 'ready') {
          throw new Error('Redis connection dropped while going live');
        }
        this.live = true;
        this.o.log.info('event bus live');
        // Read after turning live: a send committed before the read is covered by the mark, one
        // committed after it publishes itself. Without the mark (the database or Redis failed)
        // records may stay missed, so the bus is lost again and retried.
        try {
          await this.publishMark();
        } catch (err) {
          this.lose();
          throw err;
        }
      } finally {
        this.goingLive = undefined;
      }
    })();
    return this.goingLive;
  }
}

/**
 * Wire format: the routing header as one line of JSON, then the event's JSON. JSON.stringify
 * never writes a raw newline, so the first one splits them; the event's text travels as is and
 * becomes each node's SSE frame without being serialised again.
 */
function encode({ event, eventJson, ...header }: Envelope): string {
  // sent_at: the bus lag metric (clocks of one deployment's nodes are NTP-close).
  return `${JSON.stringify({ ...header, sent_at: Date.now() })}\n${eventJson ?? JSON.stringify(event)}`;
}

function decode(message: string): Envelope {
  const split = message.indexOf('\n');
  if (split < 0) throw new Error('no event in the message');
  const eventJson = message.slice(split + 1);
  const { sent_at: sentAt, ...header } = JSON.parse(message.slice(0, split)) as Omit<
    Envelope,
    'event' | 'eventJson'
  > & { sent_at?: number };
  if (typeof sentAt === 'number') busLag.observe(Math.max(0, Date.now() - sentAt) / 1000);
  // Checked, not cast: about 1 µs a message, and a malformed one is dropped before any stream sees it.
  return { ...header, event: checkServerEvent(JSON.parse(eventJson)), eventJson };
}
