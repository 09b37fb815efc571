/**
 * Token buckets for rates that allow bursts (sending messages): a bucket holds up to `burst`
 * tokens and refills at `perSecond`. In scaled mode they live in Redis so a user's rate holds
 * across nodes; embedded mode keeps them in memory.
 */
import type { BucketRate } from '../config/limits.js';

export interface TakeResult {
  ok: boolean;
  /** When refused: milliseconds until one token is back. */
  retryInMs: number;
}

export interface TokenBuckets {
  take(key: string, rate: BucketRate): Promise<TakeResult>;
}

/** Above this many buckets, full ones (which hold nothing worth keeping) are swept. */
const SWEEP_AT = 10_000;

export class InProcessTokenBuckets implements TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async take(key: string, rate: BucketRate): Promise<TakeResult> {
    const now = this.now();
    const b = this.buckets.get(key);
    const tokens = b ? Math.min(rate.burst, b.tokens + ((now - b.at) * rate.perSecond) / 1000) : rate.burst;
    if (tokens < 1) {
      if (b) Object.assign(b, { tokens, at: now });
      return { ok: false, retryInMs: Math.ceil(((1 - tokens) * 1000) / rate.perSecond) };
    }
    if (!b && this.buckets.size >= SWEEP_AT) this.sweep(now, rate);
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return { ok: true, retryInMs: 0 };
  }

  private sweep(now: number, rate: BucketRate): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) * rate.perSecond) / 1000 >= rate.burst) this.buckets.delete(key);
    }
  }
}
