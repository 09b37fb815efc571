/**
 * Fixed-window counters for rate limits. In scaled mode they live in Redis, so a limit holds
 * across nodes however the balancer spreads the requests; embedded mode keeps them in memory.
 */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero (0 when empty). */
  resetInMs: number;
}

export interface Counters {
  /** Adds one to `key`; the first hit of a window starts it, `windowMs` long. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  get(key: string): Promise<WindowCount>;
  /** Takes one back from `key` (a reserved attempt that turned out not to count); never below zero. */
  release(key: string): Promise<void>;
}

const EMPTY: WindowCount = { count: 0, resetInMs: 0 };
/** Above this many live keys, expired ones are swept on the next hit. */
const SWEEP_AT = 10_000;

export class InProcessCounters implements Counters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { count: w.count, resetInMs: w.endsAt - now };
  }

  async get(key: string): Promise<WindowCount> {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.endsAt <= now) return EMPTY;
    return { count: w.count, resetInMs: w.endsAt - now };
  }

  async release(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.endsAt > this.now() && w.count > 0) w.count--;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
  }
}
