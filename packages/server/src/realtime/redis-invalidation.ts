/**
 * Scaled mode's cache invalidations (`store/read-cache.ts`): a node that wrote a cached table
 * publishes the parts it changed on one Redis channel, read by the bus's connection, before the
 * write returns. The service publishes its event after that on the same connection, so a node
 * that delivers the event (a `kick_from_group`, say) has already dropped the stale rows, and a
 * request that reaches another node after the write was answered finds them gone. The cache is
 * live exactly when the bus is: with the subscription down, nothing is cached.
 */
import type { Redis } from 'ioredis';
import { CACHE_PARTS, type CacheInvalidation, type CachePart } from '../store/read-cache.js';

export class RedisInvalidation implements CacheInvalidation {
  private handler: (parts: readonly CachePart[]) => void = () => undefined;
  private bus: { isLive(): boolean; onLost(listener: () => void): void } | undefined;

  constructor(
    private readonly pub: Redis,
    readonly channel: string,
    /** Tags this node's messages, which come back to it and are skipped. */
    private readonly nodeId: string,
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
    await this.pub.publish(this.channel, `${this.nodeId} ${parts.join(',')}`);
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
