/**
 * Scaled mode's Redis connections and key names. Every key and channel of a deployment sits under
 * one prefix holding its server id, so deployments (or test runs) can share a Redis, and one hash
 * tag, so the multi-key presence scripts also work on a Redis Cluster.
 */
import { Redis } from 'ioredis';

export interface RedisKeys {
  /** The pub/sub channel carrying every event envelope. */
  events: string;
  /** The pub/sub channel on which nodes tell each other to drop cached rows (`store/read-cache.ts`). */
  invalidate: string;
  /** uid → number of open streams across all nodes. */
  online: string;
  /** `<uid>:<device>` → number of that device's open streams across all nodes. */
  devices: string;
  /** uid (and `d:<uid>:<device>`) → number of open streams on one node. */
  node(nodeId: string): string;
  /** Sorted set: node id → time of its last heartbeat (ms). */
  nodes: string;
  /** A rate-limit counter. */
  counter(key: string): string;
}

export function redisKeys(serverId: string): RedisKeys {
  const p = `parley:{${serverId}}:`;
  return {
    events: `${p}events`,
    invalidate: `${p}invalidate`,
    online: `${p}online`,
    devices: `${p}devices`,
    node: (nodeId) => `${p}node:${nodeId}`,
    nodes: `${p}nodes`,
    counter: (key) => `${p}count:${key}`,
  };
}

/**
 * Commands fail at once while the connection is down instead of queueing: callers hold the
 * cluster send lock while publishing, and a queue would hold it for the whole outage.
 */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: name,
    lazyConnect: true,
    enableOfflineQueue: false,
    autoResubscribe: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    connectTimeout: 2_000,
    // Keep trying quickly: a Redis restart should cost seconds, not a backoff of minutes.
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  // Errors also arrive as rejected commands and 'close' events; without a listener ioredis logs
  // every failed reconnect attempt to stderr.
  redis.on('error', () => {});
  await redis.connect();
  return redis;
}
