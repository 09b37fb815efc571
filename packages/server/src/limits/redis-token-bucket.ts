import type { Redis } from 'ioredis';
import type { BucketRate } from '../config/limits.js';
import type { TakeResult, TokenBuckets } from './token-bucket.js';

// Refill, take and expire in one step, timed by Redis's own clock so that nodes whose clocks
// differ still share one rate. A bucket left alone until full is worth nothing and expires.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local perMs = tonumber(ARGV[1]) / 1000
local burst = tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = burst
if b[1] then tokens = math.min(burst, tonumber(b[1]) + (now - tonumber(b[2])) * perMs) end
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / perMs) + 1000)
if ok == 1 then return {1, 0} end
return {0, math.ceil((1 - tokens) / perMs)}`;

export class RedisTokenBuckets implements TokenBuckets {
  constructor(
    private readonly redis: Redis,
    private readonly keyOf: (key: string) => string,
  ) {}

  async take(key: string, rate: BucketRate): Promise<TakeResult> {
    const [ok, retry] = (await this.redis.eval(TAKE, 1, this.keyOf(key), rate.perSecond, rate.burst)) as [
      number,
      number,
    ];
    return { ok: ok === 1, retryInMs: retry };
  }
}
