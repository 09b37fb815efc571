import type { Redis } from 'ioredis';
import type { Counters, WindowCount } from './counters.js';

// INCR and the expiry of a new window in one step, so a crash between them cannot leave a
// counter that never expires.
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

const GET = `
local v = redis.call('GET', KEYS[1])
if not v then return {0, 0} end
return {tonumber(v), redis.call('PTTL', KEYS[1])}`;

// Only an existing, positive counter goes down, so a release after the window ended cannot
// create a key without expiry.
const RELEASE = `
local v = tonumber(redis.call('GET', KEYS[1]))
if v and v > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export class RedisCounters implements Counters {
  constructor(
    private readonly redis: Redis,
    private readonly keyOf: (key: string) => string,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, this.keyOf(key), windowMs)) as [number, number];
    return { count, resetInMs: Math.max(ttl, 0) };
  }

  async get(key: string): Promise<WindowCount> {
    const [count, ttl] = (await this.redis.eval(GET, 1, this.keyOf(key))) as [number, number];
    return count > 0 && ttl > 0 ? { count, resetInMs: ttl } : { count: 0, resetInMs: 0 };
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.keyOf(key));
  }
}
