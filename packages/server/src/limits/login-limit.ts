/**
 * The login rate limit (API.md, Parley's rule): 10 failed attempts in 5 minutes per address and
 * per account → 429 with Retry-After; while limited, even a correct password is refused.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.js';
import type { Counters } from './counters.js';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 5 * 60_000;

const keys = (address: string, account: string) => [`login:addr:${address}`, `login:acct:${account}`];

export class LoginLimit {
  constructor(
    private readonly counters: Counters,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Throws 429 while the address or the account is limited. */
  async check(address: string, account: string): Promise<void> {
    const windows = await this.guard(() =>
      Promise.all(keys(address, account).map((k) => this.counters.get(k))),
    );
    const limited = (windows ?? []).filter((w) => w.count >= LOGIN_MAX_FAILURES);
    if (limited.length === 0) return;
    const retryAfter = Math.max(1, Math.ceil(Math.max(...limited.map((w) => w.resetInMs)) / 1000));
    throw new AppError('too_many_requests', 'too many failed sign-in attempts, try again later', undefined, {
      'retry-after': String(retryAfter),
    });
  }

  async failed(address: string, account: string): Promise<void> {
    await this.guard(() =>
      Promise.all(keys(address, account).map((k) => this.counters.hit(k, LOGIN_WINDOW_MS))),
    );
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
