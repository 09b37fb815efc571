/**
 * `/metrics`: Prometheus text for whoever holds `METRICS_TOKEN` or comes from `METRICS_ALLOW`;
 * a 404 for everyone else, and for everyone when neither is configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type ParleyServer } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { createTestStore, testDatabase, type TestStore } from './support/databases.js';
import {
  apiClient,
  createAdmin,
  createChannel,
  sendText,
  startTestServer,
  useTestServer,
  type ApiClient,
  type TestServer,
} from './support/server.js';
import { openTestStream } from './support/sse.js';

const TOKEN = 'a-metrics-token-of-some-length';

let db: TestStore;
let node: ParleyServer;
let url: string;
let api: ApiClient;
beforeAll(async () => {
  db = await createTestStore();
  const config = loadConfig({
    DATA_DIR: db.dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '127.0.0.1',
    METRICS_TOKEN: TOKEN,
    METRICS_ALLOW: '10.1.2.3',
  });
  node = await buildServer({ config, store: db.store });
  await node.app.listen({ port: 0, host: '127.0.0.1' });
  const address = node.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  api = apiClient(url);
});
afterAll(async () => {
  await node?.close();
  await db?.cleanup();
});

const scrape = (headers: Record<string, string> = {}) => fetch(`${url}/metrics`, { headers });

describe('configured', () => {
  it('answers 404 without the token, with a wrong one, and from an address not allowed', async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
    expect((await scrape({ authorization: TOKEN })).status).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '10.1.2.4' })).status).toBe(404);
  });

  it('reads with the bearer token or from an allowed address', async () => {
    const byToken = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await scrape({ 'x-forwarded-for': '10.1.2.3' })).status).toBe(200);
  });

  it('counts requests by route and status, times them, and shows streams, send batches and the event loop', async () => {
    const admin = await createAdmin(api);
    const gid = await createChannel(api, admin, { name: 'measured', is_public: true });
    for (let i = 0; i < 3; i++) await sendText(api, admin, { gid }, `hello ${i}`);
    expect((await api.request('GET', `/group/${gid}/history?limit=x`, { token: admin.token })).status).toBe(
      400,
    );
    const stream = await openTestStream(url, admin.token);
    await stream.ready();
    try {
      const text = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
      expect(text).toContain(
        'parley_http_requests_total{method="POST",route="/api/group/:gid/send",status="200"} 3',
      );
      expect(text).toContain(
        'parley_http_requests_total{method="GET",route="/api/group/:gid/history",status="400"} 1',
      );
      expect(text).toMatch(
        /parley_http_request_duration_seconds_bucket\{method="POST",route="\/api\/group\/:gid\/send",le="\+Inf"\} 3/,
      );
      expect(text).toMatch(
        /parley_http_request_duration_seconds_count\{method="POST",route="\/api\/group\/:gid\/send"\} 3/,
      );
      expect(text).toContain('parley_open_streams 1');
      expect(text).toMatch(/parley_send_batch_size_count [1-9]/);
      expect(text).toMatch(/parley_event_loop_delay_seconds\{quantile="0.99"\} [0-9.e-]+/);
      // PostgreSQL's pools (process-wide: this node's and those of other files in the worker).
      if (testDatabase() !== 'sqlite') {
        expect(text).toMatch(/^parley_db_pool_connections [1-9]/m);
        expect(text).toMatch(/^parley_db_pool_idle \d+$/m);
        expect(text).toMatch(/^parley_db_pool_waiting \d+$/m);
      } else {
        expect(text).not.toMatch(/^parley_db_pool_connections /m);
      }
      // The scrapes themselves are counted too, and every sample line parses.
      for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
        expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? [0-9.e+-]+$|^[a-z_]+(\{[^}]*\})? NaN$/);
      }
    } finally {
      stream.close();
    }
  });
});

describe.runIf(testDatabase() === 'cluster')('on scaled-mode nodes', () => {
  const t = useTestServer({ env: { METRICS_TOKEN: TOKEN } });

  it('shows how long events take over the Redis bus', async () => {
    const admin = await createAdmin(t);
    const gid = await createChannel(t, admin, { name: 'over the bus', is_public: true });
    const stream = await openTestStream(t.nodeUrls[1]!, admin.token);
    try {
      await stream.ready();
      // Through the balancer: round robin puts at least two of them on another node than 1.
      const mids: number[] = [];
      for (let i = 0; i < 3; i++) mids.push((await sendText(t, admin, { gid }, `bus ${i}`)).json as number);
      for (const mid of mids) await stream.waitFor((e) => e.type === 'chat' && e.mid === mid);
    } finally {
      stream.close();
    }
    const res = await fetch(`${t.nodeUrls[1]}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    expect(text).toMatch(/^parley_bus_lag_seconds_count [1-9]/m);
    expect(text).toMatch(/^parley_bus_lag_seconds_bucket\{le="\+Inf"\} [1-9]/m);
  });
});

describe('not configured', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist: 404 whatever the caller sends', async () => {
    const tries: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}` },
      { authorization: 'Bearer ' },
    ];
    for (const headers of tries) {
      expect((await fetch(`${t.url}/metrics`, { headers })).status).toBe(404);
    }
  });
});
