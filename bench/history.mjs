#!/usr/bin/env node
/**
 * History pages in a large channel (docs/benchmarks.md, "History"): BENCH_HISTORY_MESSAGES messages
 * (default 1,000,000; 100,000 with BENCH_QUICK=1) are written straight into one public channel of
 * a Parley database (`lib/history-stores.mjs`), then a Parley built in packages/server/dist starts
 * on it in this process (cold start: build to listening) and `GET /group/{gid}/history?limit=100`
 * is timed at the newest page, the middle and the deepest page, BENCH_HISTORY_PAGES requests each,
 * one at a time, on one keep-alive socket (`lib/http-sender.mjs`; BENCH_HISTORY_CLIENT=fetch for
 * the fetch client this bench used before). The limit beside it, in the same run: the same query on
 * a connection of the bench's own plus `JSON.stringify` of the rows. Also prints the query plan,
 * the garbage collections during the timed pages and which of the slowest requests they fell in,
 * the process's RSS, and the quiet gate (other load before and during the run).
 *
 *   npm run build -w @parley/server && node --expose-gc bench/history.mjs
 *   BENCH_HISTORY_STORES=sqlite,postgres …   both stores, one after the other (default sqlite)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import { importDist } from './lib/parley-dist.mjs';
import { num } from './lib/env.mjs';
import { Sender } from './lib/http-sender.mjs';
import { postgresStore, sqliteStore } from './lib/history-stores.mjs';
import { machineBusyMs, noiseDuring, otherCpuPctNow } from './lib/machine.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const COUNT = num(process.env.BENCH_HISTORY_MESSAGES, QUICK ? 100_000 : 1_000_000);
const PAGES = num(process.env.BENCH_HISTORY_PAGES, QUICK ? 100 : 300);
const STORES = (process.env.BENCH_HISTORY_STORES ?? 'sqlite').split(',');
const CLIENT = process.env.BENCH_HISTORY_CLIENT === 'fetch' ? 'fetch' : 'socket';
const TEXT = 'x'.repeat(num(process.env.BENCH_TEXT_BYTES, 100));
const WARM_UP = 20;
const { buildServer } = await importDist('app.js');
const { loadConfig } = await importDist('config/index.js');

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (x) => x.toFixed(2);
const mb = (bytes) => (bytes / 1048576).toFixed(0);
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function start(config) {
  const t0 = performance.now();
  const parley = await buildServer({ config });
  await parley.app.listen({ port: 0, host: '127.0.0.1' });
  const port = parley.app.server.address().port;
  return { parley, ms: performance.now() - t0, port, url: `http://127.0.0.1:${port}/api` };
}

async function call(url, method, p, body, token) {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { 'x-api-key': token }) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The page client: one request at a time, resolving to the body (text) once it is all read. */
function pageClient(server, token) {
  if (CLIENT === 'fetch')
    return { get: (q) => call(server.url, 'GET', q, undefined, token).then(JSON.stringify) };
  const sender = new Sender(server.port);
  return {
    async get(q) {
      const r = await sender.get(`/api${q}`, token);
      if (r.status !== 200) throw new Error(`GET ${q}: ${r.status} ${r.body}`);
      return r.body;
    },
    close: () => sender.close(),
  };
}

/** Garbage collections while `fn` runs, and how much of each of the given spans they covered. */
async function watchGc(fn) {
  const gcs = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, ms: e.duration, kind: e.detail?.kind });
  });
  obs.observe({ entryTypes: ['gc'] });
  const spans = await fn();
  await new Promise((resolve) => setTimeout(resolve, 0)); // the observer reports on a later tick
  obs.disconnect();
  const overlap = ([s, e]) =>
    gcs.reduce((sum, g) => sum + Math.max(0, Math.min(e, g.start + g.ms) - Math.max(s, g.start)), 0);
  return { gcs, spans, overlap };
}

const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

async function runStore(storeName, gateBefore) {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-bench-history-'));
  const store = storeName === 'postgres' ? await postgresStore(dir) : await sqliteStore(dir);
  try {
    const config = {
      ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...store.env }),
      passwordHashing: { memoryCost: 8, timeCost: 1, parallelism: 1 },
    };
    // The admin and the channel through the API, on an empty database.
    let server = await start(config);
    await call(server.url, 'POST', '/admin/system/create_admin', {
      email: 'a@example.com',
      name: 'A',
      password: 'bench password 1',
      gender: 0,
    });
    const login = () =>
      call(server.url, 'POST', '/token/login', {
        credential: { type: 'password', email: 'a@example.com', password: 'bench password 1' },
        device: 'bench',
        device_token: '',
      });
    let { token, user } = await login();
    const { gid } = await call(server.url, 'POST', '/group', { name: 'big', is_public: true }, token);
    await server.parley.close();

    const t0 = performance.now();
    const { lo, hi } = await store.seed(COUNT, user.uid, gid, TEXT);
    console.log(
      `${store.name}: seeded ${COUNT} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s (mids ${lo}–${hi})`,
    );

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    server = await start(config);
    console.log(
      `cold start with ${COUNT} messages: ${server.ms.toFixed(0)} ms from buildServer to listening`,
    );
    ({ token } = await login());
    const client = pageClient(server, token);
    console.log(`${store.name} plan: ${await store.openRaw(gid, hi)}`);

    const busy0 = machineBusyMs();
    const ours0 = ownCpuMs() + store.cpuMs();
    const wall0 = performance.now();
    const rows = [];
    for (const [name, before] of [
      ['newest', undefined],
      ['middle', Math.floor((lo + hi) / 2)],
      ['deepest', lo + 100],
    ]) {
      const q = `/group/${gid}/history?limit=100${before === undefined ? '' : `&before=${before}`}`;
      for (let i = 0; i < WARM_UP; i++) await client.get(q);
      const times = [];
      let body = '';
      const { gcs, spans, overlap } = await watchGc(async () => {
        const spans = [];
        for (let i = 0; i < PAGES; i++) {
          const s = performance.now();
          body = await client.get(q);
          const e = performance.now();
          times.push(e - s);
          spans.push([s, e]);
        }
        return spans;
      });
      const count = JSON.parse(body).length;
      const rawTimes = [];
      for (let i = 0; i < PAGES; i++) {
        const s = performance.now();
        const r = store.raw(gid, before ?? hi + 1);
        if (typeof r !== 'string') await r;
        rawTimes.push(performance.now() - s);
      }
      rows.push({ name, times, rawTimes, count, gcs, spans, overlap });
    }
    const wallMs = performance.now() - wall0;
    const noise = noiseDuring(busy0, machineBusyMs(), ownCpuMs() + store.cpuMs() - ours0, wallMs, gateBefore);

    console.log(`| page | Parley p50 / p99 ms | raw read+serialise p50 / p99 ms | ratio p99 | rows |`);
    console.log(`|---|---|---|---|---|`);
    for (const { name, times, rawTimes, count } of rows) {
      const t = [...times].sort((a, b) => a - b);
      const r = [...rawTimes].sort((a, b) => a - b);
      console.log(
        `| ${name} | ${fmt(pct(t, 50))} / ${fmt(pct(t, 99))} | ${fmt(pct(r, 50))} / ${fmt(pct(r, 99))} | ${(pct(t, 99) / pct(r, 99)).toFixed(1)}× | ${count} |`,
      );
    }
    const slowest = Math.ceil(PAGES / 100) + 1;
    for (const { name, times, gcs, spans, overlap } of rows) {
      const byKind = {};
      for (const g of gcs) byKind[GC_KINDS[g.kind] ?? g.kind] = (byKind[GC_KINDS[g.kind] ?? g.kind] ?? 0) + 1;
      const worst = times
        .map((ms, i) => ({ ms, i }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, slowest);
      console.log(
        `  ${name}: GC during the ${PAGES} pages ${JSON.stringify(byKind)} ${fmt(gcs.reduce((s, g) => s + g.ms, 0))} ms; ` +
          `slowest ${slowest}: ${worst.map(({ ms, i }) => `${fmt(ms)} (GC ${fmt(overlap(spans[i]))})`).join(', ')} ms`,
      );
    }
    global.gc?.();
    console.log(
      `RSS of this process (server + client): ${mb(rssBefore)} MB before start, ${mb(process.memoryUsage().rss)} MB after the pages`,
    );
    console.log(
      `client: ${CLIENT}; quiet gate: other load ${Math.round(gateBefore)} % of a core before the run, ` +
        `${noise.otherCpuPct == null ? '?' : Math.round(noise.otherCpuPct)} % during the pages → ${noise.noisy ? 'NOISY' : 'quiet'}`,
    );
    client.close?.();
    await server.parley.close();
  } finally {
    await store.close();
    if (process.env.BENCH_KEEP !== '1') await rm(dir, { recursive: true, force: true });
  }
}

const gate = await otherCpuPctNow();
for (const s of STORES) await runStore(s, gate ?? 0);
