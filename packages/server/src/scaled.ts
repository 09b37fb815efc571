/**
 * Scaled mode (REDIS_URL set): the parts that let several nodes share one deployment — the Redis
 * event bus, Redis presence and the PostgreSQL send lock. Embedded mode uses in-process versions.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { RedisCounters } from './limits/redis-counters.js';
import { RedisTokenBuckets } from './limits/redis-token-bucket.js';
import { connectRedis, redisKeys } from './realtime/redis.js';
import { RedisBus } from './realtime/redis-bus.js';
import { RedisPresence } from './realtime/redis-presence.js';
import { RedisInvalidation } from './realtime/redis-invalidation.js';
import { chatRecoverySource } from './services/chat-recovery.js';
import { PgClusterLock } from './store/cluster-lock.js';
import type { Store } from './store/types.js';

export interface ScaledMode {
  bus: RedisBus;
  presence: RedisPresence;
  counters: RedisCounters;
  buckets: RedisTokenBuckets;
  sendLock: PgClusterLock;
  /** Tells the other nodes which cached rows a write changed (`store/read-cache.ts`). */
  invalidation: RedisInvalidation;
  close(): Promise<void>;
}

export async function openScaledMode(options: {
  redisUrl: string;
  databaseUrl: string;
  serverId: string;
  store: Store;
  log: FastifyBaseLogger;
}): Promise<ScaledMode> {
  const { log } = options;
  const keys = redisKeys(options.serverId);
  // Readable in `CLIENT LIST` and in the presence keys, unique even for two nodes on one host.
  const nodeId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const pub = await connectRedis(options.redisUrl, `parley:${nodeId}:pub`);
  const sub = await connectRedis(options.redisUrl, `parley:${nodeId}:sub`).catch((err: unknown) => {
    pub.disconnect();
    throw err;
  });
  const presence = new RedisPresence(pub, keys, nodeId, log.child({ part: 'presence' }));
  const invalidation = new RedisInvalidation(pub, keys.invalidate, nodeId);
  const bus = new RedisBus({
    pub,
    sub,
    channel: keys.events,
    source: chatRecoverySource(options.store),
    beforeLive: () => presence.resetSelf(),
    log: log.child({ part: 'bus' }),
    side: { channel: invalidation.channel, onMessage: invalidation.onMessage },
  });
  invalidation.attach(bus);
  const sendLock = new PgClusterLock(options.databaseUrl);
  try {
    await bus.start();
  } catch (err) {
    await bus.close();
    throw err;
  }
  log.info({ nodeId }, 'scaled mode: Redis event bus and presence');
  return {
    bus,
    presence,
    counters: new RedisCounters(pub, keys.counter),
    buckets: new RedisTokenBuckets(pub, (key) => keys.counter(`bucket:${key}`)),
    sendLock,
    invalidation,
    async close() {
      await presence.close();
      await bus.close();
      await sendLock.close();
    },
  };
}
