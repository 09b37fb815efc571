#!/usr/bin/env node
/**
 * Search latency at scale (docs/benchmarks.md, "Search"): fills a SQLite database with
 * BENCH_SEARCH_MESSAGES messages (1,000,000; 50,000 with BENCH_QUICK=1) over channels and DMs,
 * then times Parley's search (`store.search.search`: the permission join, the filters, the
 * snippet's source row) for a word, a phrase, a prefix, a CJK query and a query without hits,
 * against the limit measured in the same run: a raw FTS5 query for the same terms on the same
 * table (`select rowid … match … order by rowid desc limit 20`), which knows no permissions.
 *
 *   npm run build && node bench/search.mjs            # or: BENCH_QUICK=1 node bench/search.mjs
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { importDist, requireServerDep } from './lib/parley-dist.mjs';
const p95 = (samples) => {
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.min(sorted.length, Math.ceil(0.95 * sorted.length)) - 1];
};
const p50 = (samples) => Float64Array.from(samples).sort()[Math.floor((samples.length - 1) / 2)];

const quick = process.env.BENCH_QUICK === '1';
const TOTAL = Number(process.env.BENCH_SEARCH_MESSAGES ?? (quick ? 50_000 : 1_000_000));
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? (quick ? 30 : 100));
const USERS = 50;
const GROUPS = 40;
const LIMIT = 20;

// A deterministic generator, so every run searches the same data.
let seed = 42;
// mulberry32
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(rand() * list.length)];
const SYL = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'ze', 'po', 'da', 'fe', 'gu', 'hi', 'jo'];
const WORDS = Array.from(
  { length: 4000 },
  () => pick(SYL) + pick(SYL) + pick(SYL) + (rand() < 0.5 ? pick(SYL) : ''),
);
const COMMON = ['deploy', 'review', 'meeting', 'release', 'budget', 'design', 'server', 'client'];
const CJK = [
  '我们明天去北京开会',
  '東京タワーに行きました',
  '新しいデザインを確認してください',
  '上海的天气很好',
  '会議は午後三時です',
];
const sentence = () => {
  if (rand() < 0.08) return pick(CJK) + ' ' + pick(WORDS);
  if (rand() < 0.01) return `${pick(WORDS)} ship the release today ${pick(WORDS)}`;
  const n = 6 + Math.floor(rand() * 14);
  return Array.from({ length: n }, () => (rand() < 0.05 ? pick(COMMON) : pick(WORDS))).join(' ');
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-search-'));
const { openStore } = await importDist('store/index.js');
const { indexTokens, parseQuery, ftsMatch } = await importDist('store/search-text.js');
const store = await openStore({ dataDir });
const uids = [];
for (let i = 0; i < USERS; i++) {
  const user = await store.users.create({
    email: `u${i}@bench.test`,
    name: `User ${i}`,
    gender: 0,
    language: 'en',
    is_admin: false,
    is_bot: false,
    avatar_updated_at: 0,
    create_by: 'password',
    password_hash: null,
    status: 'normal',
    created_at: 0,
    updated_at: 0,
  });
  uids.push(user.uid);
}
const gids = [];
for (let i = 0; i < GROUPS; i++) {
  const isPublic = i % 4 === 0;
  const group = await store.groups.create({
    name: `g${i}`,
    description: null,
    owner: uids[0],
    is_public: isPublic,
    avatar_updated_at: 0,
    created_at: 0,
  });
  if (!isPublic)
    await store.groups.addMembers(
      group.gid,
      uids.filter(() => rand() < 0.3),
      0,
    );
  gids.push(group.gid);
}
await store.close();

// Filling through the store would take minutes; the rows are the ones it writes (search-index.ts).
const Database = requireServerDep('better-sqlite3');
const db = new Database(path.join(dataDir, 'parley.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = OFF');
const insMsg =
  db.prepare(`insert into messages (mid, from_uid, gid, dm_low, dm_high, target_uid, created_at, detail)
  values (?, ?, ?, ?, ?, ?, ?, ?)`);
const insRow =
  db.prepare(`insert into message_search (mid, from_uid, gid, dm_low, dm_high, target_uid, created_at,
  content_type, content, edited_at) values (?, ?, ?, ?, ?, ?, ?, 'text/plain', ?, null)`);
const insFts = db.prepare(`insert into message_fts (rowid, body) values (?, ?)`);
const fillStart = performance.now();
const fill = db.transaction((from, to) => {
  for (let mid = from; mid < to; mid++) {
    const text = sentence();
    const sender = pick(uids);
    const dm = rand() < 0.2;
    const other = pick(uids);
    const row = dm
      ? [mid, sender, null, Math.min(sender, other), Math.max(sender, other), other]
      : [mid, sender, pick(gids), null, null, null];
    const at = 1_700_000_000_000 + mid * 1000;
    insMsg.run(
      ...row,
      at,
      JSON.stringify({
        type: 'normal',
        properties: null,
        content_type: 'text/plain',
        content: text,
        expires_in: null,
      }),
    );
    insRow.run(...row, at, text);
    insFts.run(mid, indexTokens(text).join(' '));
  }
});
for (let from = 1; from <= TOTAL; from += 10_000) fill(from, Math.min(TOTAL + 1, from + 10_000));
db.pragma('wal_checkpoint(TRUNCATE)');
const fillMs = performance.now() - fillStart;
const raw = db.prepare(
  `select rowid from message_fts where message_fts match ? order by rowid desc limit ${LIMIT}`,
);

const reader = await openStore({ dataDir });
const uid = uids[1];
const QUERIES = {
  word: 'deploy',
  phrase: '"ship the release today"',
  prefix: 'rel*',
  cjk: '北京',
  'no hit': 'zzzyxw',
};

const time = async (fn) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};
const rows = [];
for (const [name, q] of Object.entries(QUERIES)) {
  const terms = parseQuery(q);
  const match = ftsMatch(terms);
  const parley = [];
  const limit = [];
  for (let i = 0; i < 3; i++) {
    await reader.search.search({ uid, terms, limit: LIMIT });
    raw.all(match);
  }
  let found = 0;
  for (let i = 0; i < RUNS; i++) {
    limit.push(await time(() => raw.all(match)));
    parley.push(
      await time(async () => (found = (await reader.search.search({ uid, terms, limit: LIMIT })).length)),
    );
  }
  const [pp, lp] = [p95(parley), p95(limit)];
  rows.push({
    query: name,
    q,
    hits: found,
    parley_p50: p50(parley),
    parley_p95: pp,
    fts_p95: lp,
    ratio_p95: pp / Math.max(lp, 0.001),
  });
}
await reader.close();
db.close();
if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });

const fmt = (ms) => `${ms.toFixed(2)} ms`;
console.log(
  `search: ${TOTAL.toLocaleString('en')} messages (filled in ${(fillMs / 1000).toFixed(1)} s), ${RUNS} runs each, limit ${LIMIT}`,
);
console.log('query    | hits | Parley p50 | Parley p95 | raw FTS p95 | p95 ratio | p95 ≤ 100 ms');
for (const r of rows) {
  console.log(
    `${r.query.padEnd(8)} | ${String(r.hits).padStart(4)} | ${fmt(r.parley_p50).padStart(10)} | ${fmt(r.parley_p95).padStart(10)} | ${fmt(r.fts_p95).padStart(11)} | ${r.ratio_p95.toFixed(1).padStart(9)} | ${r.parley_p95 <= 100 ? 'yes' : 'NO'}`,
  );
}
