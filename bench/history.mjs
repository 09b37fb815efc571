#!/usr/bin/env node
/**
 * History pages in a large channel (docs/benchmarks.md, "History"), SQLite: BENCH_HISTORY_MESSAGES
 * messages (default 1,000,000; 100,000 with BENCH_QUICK=1) are written straight into one public
 * channel of a Parley database (one transaction, the row shape `store/kysely/messages.ts` writes),
 * then a Parley built in packages/server/dist starts on it (cold start: build to listening) and
 * `GET /group/{gid}/history?limit=100` is timed at the newest page, the middle and the deepest
 * page, BENCH_HISTORY_PAGES requests each, one at a time. The limit beside it, in the same run: the
 * same query on a read-only better-sqlite3 connection plus `JSON.stringify` of the rows. Also
 * prints SQLite's query plan, and the process's RSS before and after.
 *
 *   npm run build -w @parley/server && node bench/history.mjs
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { importDist, requireServerDep } from './lib/parley-dist.mjs';
import { num } from './lib/env.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const COUNT = num(process.env.BENCH_HISTORY_MESSAGES, QUICK ? 100_000 : 1_000_000);
const PAGES = num(process.env.BENCH_HISTORY_PAGES, QUICK ? 100 : 300);
const dir = await mkdtemp(path.join(tmpdir(), 'parley-bench-history-'));
const Database = requireServerDep('better-sqlite3');
const { buildServer } = await importDist('app.js');
const { loadConfig } = await importDist('config/index.js');
const config = {
  ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }),
  passwordHashing: { memoryCost: 8, timeCost: 1, parallelism: 1 },
};

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (x) => x.toFixed(2);
const mb = (bytes) => (bytes / 1048576).toFixed(0);

async function start() {
  const t0 = performance.now();
  const parley = await buildServer({ config });
  await parley.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    parley,
    ms: performance.now() - t0,
    url: `http://127.0.0.1:${parley.app.server.address().port}/api`,
  };
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

try {
  // The admin and the channel through the API, on an empty database.
  let { parley, url } = await start();
  await call(url, 'POST', '/admin/system/create_admin', {
    email: 'a@example.com',
    name: 'A',
    password: 'bench password 1',
    gender: 0,
  });
  const login = () =>
    call(url, 'POST', '/token/login', {
      credential: { type: 'password', email: 'a@example.com', password: 'bench password 1' },
      device: 'bench',
      device_token: '',
    });
  let { token, user } = await login();
  const { gid } = await call(url, 'POST', '/group', { name: 'big', is_public: true }, token);
  await parley.close();

  // The messages, straight into the file.
  const file = path.join(dir, 'parley.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const insert = db.prepare(
    'insert into messages (from_uid, gid, dm_low, dm_high, target_uid, created_at, detail, ref_mid, reaction_kind, expires_at) values (?, ?, null, null, null, ?, ?, null, null, null)',
  );
  const text = 'x'.repeat(num(process.env.BENCH_TEXT_BYTES, 100));
  const t0 = performance.now();
  db.transaction(() => {
    for (let i = 0; i < COUNT; i++) {
      const detail = {
        type: 'normal',
        properties: null,
        content_type: 'text/plain',
        content: `${i} ${text}`,
        expires_in: null,
      };
      insert.run(user.uid, gid, 1_700_000_000_000 + i, JSON.stringify(detail));
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  const seedMs = performance.now() - t0;
  const { lo, hi } = db.prepare('select min(mid) as lo, max(mid) as hi from messages where gid = ?').get(gid);
  db.close();
  console.log(`seeded ${COUNT} messages in ${(seedMs / 1000).toFixed(1)} s (mids ${lo}–${hi})`);

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  ({ parley, url } = await start().then((s) => {
    console.log(`cold start with ${COUNT} messages: ${s.ms.toFixed(0)} ms from buildServer to listening`);
    return s;
  }));
  ({ token } = await login());

  const reader = new Database(file, { readonly: true });
  const raw = reader.prepare(
    'select mid, from_uid, created_at, gid, dm_low, dm_high, target_uid, detail from messages where gid = ? and mid < ? order by mid desc limit 100',
  );
  console.log(
    'SQLite plan:',
    reader
      .prepare(`explain query plan ${raw.source}`)
      .all(gid, hi)
      .map((r) => r.detail)
      .join('; '),
  );

  const positions = [
    ['newest', undefined],
    ['middle', Math.floor((lo + hi) / 2)],
    ['deepest', lo + 100],
  ];
  console.log(`| page | Parley p50 / p99 ms | raw read+serialise p50 / p99 ms | ratio p99 | rows |`);
  console.log(`|---|---|---|---|---|`);
  for (const [name, before] of positions) {
    const q = `/group/${gid}/history?limit=100${before === undefined ? '' : `&before=${before}`}`;
    for (let i = 0; i < 20; i++) await call(url, 'GET', q, undefined, token); // warm-up
    const times = [];
    let rows = 0;
    for (let i = 0; i < PAGES; i++) {
      const s = performance.now();
      rows = (await call(url, 'GET', q, undefined, token)).length;
      times.push(performance.now() - s);
    }
    const rawTimes = [];
    for (let i = 0; i < PAGES; i++) {
      const s = performance.now();
      JSON.stringify(raw.all(gid, before ?? hi + 1).reverse());
      rawTimes.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    rawTimes.sort((a, b) => a - b);
    console.log(
      `| ${name} | ${fmt(pct(times, 50))} / ${fmt(pct(times, 99))} | ${fmt(pct(rawTimes, 50))} / ${fmt(pct(rawTimes, 99))} | ${(pct(times, 99) / pct(rawTimes, 99)).toFixed(1)}× | ${rows} |`,
    );
  }
  reader.close();
  global.gc?.();
  console.log(
    `RSS of this process (server + client): ${mb(rssBefore)} MB before start, ${mb(process.memoryUsage().rss)} MB after the pages`,
  );
  await parley.close();
} finally {
  if (process.env.BENCH_KEEP !== '1') await rm(dir, { recursive: true, force: true });
}
