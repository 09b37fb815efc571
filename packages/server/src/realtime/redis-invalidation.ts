/**
 * Scaled mode's cache invalidations (`store/read-cache.ts`): a node that wrote a cached table
 * publishes the parts it changed on one Redis channel, read by the bus's connection, before the
 * write returns. The service publishes its event after that on the same connection, so a node
 * that delivers the event (a `kick_from_group`, say) has already dropped the stale rows, and a
 * request that reaches another node after the write was answered finds them gone. The cache is
 * live exactly when the bus is: with the subscription down, nothing is cached.
 *
 * The message alone does not make that last promise: Redis may answer the writer's PUBLISH before
 * it has written the message to the other nodes' sockets, and a request the writer's client sends
 * next can reach a node first (test/read-cache-race.test.ts saw 4 stale reads in 100). So each
 * write also counts its parts up in a Redis hash, in the same transaction as the PUBLISH, and every
 * request first reads that hash (`catchUp`, one round trip): a part counted past what this node
 * has seen is emptied before the request reads it.
 */
import type { Redis } from 'ioredis';
import { CACHE_PARTS, type CacheInvalidation, type CachePart } from '../store/read-cache.js';

export class RedisInvalidation implements CacheInvalidation {
  private handler: (parts: readonly CachePart[]) => void = () => undefined;
  private bus: { isLive(): boolean; onLost(listener: () => void): void } | undefined;
  /** The count of each part's writes this node has accounted for (emptied or made itself). */
  private readonly seen = new Map<CachePart, number>();

  constructor(
    private readonly pub: Redis,
    readonly channel: string,
    /** Tags this node's messages, which come back to it and are skipped. */
    private readonly nodeId: string,
    /** The hash of each part's write count. */
    private readonly countsKey: string = `${channel}:counts`,
  ) {}

  /** The bus whose subscription carries the channel (set once the bus exists). */
  attach(bus: { isLive(): boolean; onLost(listener: () => void): void }): void {
    this.bus = bus;
  }

  /** Called by the bus for each message on the channel. */
  readonly onMessage = (message: string): void => {
    const space = message.indexOf(' ');
    if (space < 0 || message.slice(0, space) === this.nodeId) return;
    const names = message.slice(space + 1).split(',');
    this.handler(CACHE_PARTS.filter((p) => names.includes(p)));
  };

  async publish(parts: readonly CachePart[]): Promise<void> {
    const tx = this.pub.multi();
    for (const part of parts) tx.hincrby(this.countsKey, part, 1);
    tx.publish(this.channel, `${this.nodeId} ${parts.join(',')}`);
    const results = (await tx.exec()) ?? [];
    parts.forEach((part, i) => {
      const [err, count] = results[i] ?? [];
      // Only a count right after the last one seen is ours alone; a gap means another node's write,
      // which the next `catchUp` empties for.
      if (!err && Number(count) === (this.seen.get(part) ?? 0) + 1) this.seen.set(part, Number(count));
    });
  }

  /**
   * Empties every part another node wrote since this node last looked. Called before each request
   * is handled; if Redis cannot answer, everything is emptied (and the bus, being down too, keeps
   * the cache off until it is back).
   */
  async catchUp(): Promise<void> {
    let counts: Record<string, string>;
    try {
      counts = await this.pub.hgetall(this.countsKey);
    } catch {
      this.handler(CACHE_PARTS);
      return;
    }
    const stale = CACHE_PARTS.filter((part) => {
      const count = Number(counts[part] ?? 0);
      if (count <= (this.seen.get(part) ?? 0)) return false;
      this.seen.set(part, count);
      return true;
    });
    if (stale.length > 0) this.handler(stale);
  }

  subscribe(handler: (parts: readonly CachePart[]) => void): void {
    this.handler = handler;
  }

  isLive(): boolean {
    return this.bus?.isLive() ?? false;
  }

  onLost(listener: () => void): void {
    this.bus?.onLost(listener);
  }
}
