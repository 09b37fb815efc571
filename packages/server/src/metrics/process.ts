/**
 * Measurements taken deep inside components that know nothing of HTTP (the send queue, the Redis
 * bus, the PostgreSQL pools). One process runs one node, so they are process-wide; `/metrics`
 * renders them with the node's own series.
 */
import { Histogram } from './registry.js';

export const sendBatchSizes = new Histogram(
  'parley_send_batch_size',
  'Chat records committed together in one send batch',
  [1, 2, 4, 8, 16, 32, 64, 128, 256],
);

export const busLag = new Histogram(
  'parley_bus_lag_seconds',
  'Time from publishing an event on the Redis bus to its arrival at this node',
  [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
);

/** What a PostgreSQL pool reports about itself (pg.Pool's counters). */
export interface PoolCounters {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly ended: boolean;
}

export const pools = new Set<PoolCounters>();
