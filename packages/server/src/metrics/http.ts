/**
 * `GET /metrics` in Prometheus text format: requests by route and status with latency
 * histograms, open streams, send batch sizes, event-loop delay, PostgreSQL pool use and Redis bus
 * lag. Readable with `Authorization: Bearer $METRICS_TOKEN` or from an address in
 * `METRICS_ALLOW`; anyone else, and everyone when neither is set, gets 404 (it does not exist).
 */
import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
import type { Hub } from '../realtime/hub.js';
import { busLag, pools, sendBatchSizes } from './process.js';
import { Counter, Gauge, Histogram, Registry } from './registry.js';

const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function installMetrics(app: FastifyInstance, config: Config, hub: Hub): void {
  const registry = new Registry();
  const requests = registry.add(
    new Counter('parley_http_requests_total', 'HTTP requests by route pattern, method and status'),
  );
  const latency = registry.add(
    new Histogram(
      'parley_http_request_duration_seconds',
      'HTTP request latency by route pattern',
      LATENCY_BUCKETS,
    ),
  );
  registry.add(
    new Gauge('parley_open_streams', 'Event streams open on this node', () => [
      { value: hub.connectionCount() },
    ]),
  );
  registry.add(sendBatchSizes);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  registry.add(
    new Gauge('parley_event_loop_delay_seconds', 'Event-loop delay since the previous scrape', () => {
      const q = (p: number) => loopDelay.percentile(p) / 1e9;
      const values = [
        { labels: { quantile: '0.5' }, value: q(50) },
        { labels: { quantile: '0.99' }, value: q(99) },
        { labels: { quantile: '1' }, value: loopDelay.max / 1e9 },
      ];
      loopDelay.reset();
      return values;
    }),
  );
  const poolGauge = (
    name: string,
    help: string,
    pick: (p: typeof pools extends Set<infer P> ? P : never) => number,
  ) =>
    registry.add(
      new Gauge(name, help, () => {
        const open = [...pools].filter((p) => !p.ended);
        return open.length > 0 ? [{ value: open.reduce((n, p) => n + pick(p), 0) }] : [];
      }),
    );
  poolGauge('parley_db_pool_connections', 'PostgreSQL connections open', (p) => p.totalCount);
  poolGauge('parley_db_pool_idle', 'PostgreSQL connections idle', (p) => p.idleCount);
  poolGauge('parley_db_pool_waiting', 'Queries waiting for a PostgreSQL connection', (p) => p.waitingCount);
  if (config.redisUrl) registry.add(busLag);

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    // Streams last as long as the client stays: their duration is not a latency.
    if (route !== '/api/user/events') {
      latency.observe(reply.elapsedTime / 1000, { method: request.method, route });
    }
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, (request, reply) => {
    if (!mayRead(request, config)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('not found');
    }
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(registry.render());
  });
}

function mayRead(request: FastifyRequest, config: Config): boolean {
  const { token, allow } = config.metrics;
  if (allow.includes(request.ip)) return true;
  if (!token) return false;
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
