export interface BackoffOptions {
  /** The ceiling of the first delay; each further failure doubles it. */
  initialMs: number;
  maxMs: number;
}

export interface Backoff {
  /** The delay before the next attempt: uniform between 0 and the current ceiling. */
  next: () => number;
  /** Back to the first ceiling (the stream reached `ready`). */
  reset: () => void;
}

/**
 * Exponential back-off with full jitter (a uniformly random delay below a doubling ceiling): after
 * a server restart, thousands of clients spread their reconnects instead of arriving together
 * every 2 s.
 */
export function createBackoff(options: BackoffOptions, random: () => number = Math.random): Backoff {
  let ceiling = options.initialMs;
  return {
    next: () => {
      const delay = Math.floor(random() * ceiling);
      ceiling = Math.min(options.maxMs, ceiling * 2);
      return delay;
    },
    reset: () => {
      ceiling = options.initialMs;
    },
  };
}
