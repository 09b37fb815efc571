/**
 * The login rate limit (API.md, Parley's rule): 10 failed attempts in 5 minutes per address and
 * per account → 429 with Retry-After; while limited, even a correct password is refused. The same
 * limit guards every other check of a password (the old password of a password change).
 *
 * An attempt is counted before the password is verified and given back when it succeeds: had the
 * count followed the verify, a burst of parallel guesses would all pass the check before any
 * failure was counted, and the guesses per window would equal the attacker's concurrency.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.js';
import type { Counters } from './counters.js';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 5 * 60_000;

const keys = (address: string, account: string) => [`login:addr:${address}`, `login:acct:${account}`];

/** One counted attempt: `succeeded()` gives it back, `failed()` leaves it counted and logs it. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
  failed(reason: string): void;
}

export class LoginLimit {
  constructor(
    private readonly counters: Counters,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Counts an attempt of `account` from `address`, or throws 429 (counting nothing) while either
   * is limited. `what` names the check in the log ("login", "change_password").
   */
  async reserve(address: string, account: string, what: string): Promise<LoginAttempt> {
    const ks = keys(address, account);
    const windows = await this.guard(() => Promise.all(ks.map((k) => this.counters.hit(k, LOGIN_WINDOW_MS))));
    const counted = windows !== undefined;
    const limited = (windows ?? []).filter((w) => w.count > LOGIN_MAX_FAILURES);
    const release = async () => {
      if (counted) await this.guard(() => Promise.all(ks.map((k) => this.counters.release(k))));
    };
    if (limited.length > 0) {
      await release();
      const retryAfter = Math.max(1, Math.ceil(Math.max(...limited.map((w) => w.resetInMs)) / 1000));
      this.log.warn({ address, account, check: what, retryAfter }, 'sign-in attempt refused: rate limited');
      throw new AppError(
        'too_many_requests',
        'too many failed sign-in attempts, try again later',
        undefined,
        {
          'retry-after': String(retryAfter),
        },
      );
    }
    return {
      succeeded: release,
      failed: (reason) => this.log.info({ address, account, check: what, reason }, 'sign-in attempt failed'),
    };
  }

  /**
   * Counters unreachable (Redis down): sign-in goes on without the limit rather than failing for
   * everyone; the outage is logged.
   */
  private async guard<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      this.log.warn({ err }, 'login rate limit unavailable');
      return undefined;
    }
  }
}
