/**
 * The resource limits that answer 429 with Retry-After (docs/deploy.md, "Limits"): a user's send
 * rate, and per-address limits on registering and on anonymous look-ups. Counts are shared by all
 * nodes in scaled mode (Redis).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LimitsConfig } from '../config/limits.js';
import { AppError } from '../errors.js';
import type { Counters } from './counters.js';
import type { TokenBuckets } from './token-bucket.js';

export class RateLimits {
  constructor(
    private readonly config: LimitsConfig,
    private readonly counters: Counters,
    private readonly buckets: TokenBuckets,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One message sent by `uid`; bots have their own, larger rate. */
  async send(uid: number, isBot: boolean): Promise<void> {
    const rate = isBot ? this.config.botSend : this.config.send;
    const result = await this.guard(() => this.buckets.take(`send:${uid}`, rate));
    if (result && !result.ok) {
      this.log.info({ uid }, 'send rate limit reached');
      throw limited('sending too fast, slow down', result.retryInMs);
    }
  }

  /**
   * One WebRTC signal relayed from a device. Per device, not per user: a flooding tab is refused
   * while the same person's other devices, and everyone else in the room, go on signalling.
   */
  async voiceSignal(uid: number, device: string): Promise<void> {
    const result = await this.guard(() =>
      this.buckets.take(`signal:${uid}:${device}`, this.config.voiceSignal),
    );
    if (result && !result.ok) {
      this.log.info({ uid, device }, 'voice signalling rate limit reached');
      throw limited('signalling too fast, slow down', result.retryInMs);
    }
  }

  async register(address: string): Promise<void> {
    const { count, windowMs } = this.config.register;
    const w = await this.guard(() => this.counters.hit(`register:${address}`, windowMs));
    if (w && w.count > count) {
      this.log.info({ address }, 'registration limit reached');
      throw limited('too many registrations from this address, try again later', w.resetInMs);
    }
  }

  async lookup(address: string): Promise<void> {
    const { count, windowMs } = this.config.lookup;
    const w = await this.guard(() => this.counters.hit(`lookup:${address}`, windowMs));
    if (w && w.count > count) throw limited('too many look-ups, try again later', w.resetInMs);
  }

  /** Link previews and proxied images a user asks for (each may make the server fetch a page). */
  async preview(uid: number, perMinute: number): Promise<void> {
    const w = await this.guard(() => this.counters.hit(`preview:${uid}`, 60_000));
    if (w && w.count > perMinute) throw limited('too many link previews, try again later', w.resetInMs);
  }

  /**
   * Magic-link mails: per e-mail address (a mailbox cannot be flooded) and per client address (one
   * client cannot mail many addresses). Checked before any password is hashed.
   */
  async magicLink(address: string, email: string): Promise<void> {
    const { count, windowMs } = this.config.magicLink;
    // Several people may share a client address (an office): it gets four times the allowance.
    const keys: [string, number][] = [
      [`magic:mail:${email}`, count],
      [`magic:addr:${address}`, count * 4],
    ];
    for (const [key, max] of keys) {
      const w = await this.guard(() => this.counters.hit(key, windowMs));
      if (w && w.count > max) {
        this.log.info({ address }, 'magic-link limit reached');
        throw limited('too many sign-in links requested, try again later', w.resetInMs);
      }
    }
  }

  /**
   * Whether a signal that is dropped rather than refused (typing) may go out: the first of each
   * `windowMs` window per key, across all nodes. With the counters unreachable it goes out.
   */
  async firstInWindow(key: string, windowMs: number): Promise<boolean> {
    const w = await this.guard(() => this.counters.hit(key, windowMs));
    return !w || w.count === 1;
  }

  /** Counters unreachable (Redis down): the request goes on without the limit; the outage is logged. */
  private async guard<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      this.log.warn({ err }, 'rate limit unavailable');
      return undefined;
    }
  }
}

function limited(message: string, retryInMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryInMs / 1000));
  return new AppError('too_many_requests', message, undefined, { 'retry-after': String(seconds) });
}
