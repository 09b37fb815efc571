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
import { rmSync } from 'node:fs';
import { createScene, fillInBatches, openForFill, seededRandom, time } from './lib/sqlite-scene.mjs';
import { importDist } from './lib/parley-dist.mjs';
import { percentile } from './lib/stats.mjs';

const p50 = (samples) => percentile(samples, 50);
const p95 = (samples) => percentile(samples, 95);

const quick = process.env.BENCH_QUICK === '1';
const TOTAL = Number(process.env.BENCH_SEARCH_MESSAGES ?? (quick ? 50_000 : 1_000_000));
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? (quick ? 30 : 100));
const USERS = 50;
const GROUPS = 40;
const LIMIT = 20;

// A deterministic generator, so every run searches the same data.
const { rand, pick } = seededRandom(42);
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

const { indexTokens, parseQuery, ftsMatch } = await importDist('store/search-text.js');
const { dataDir, uids, gids, openStore } = await createScene({
  prefix: 'parley-bench-search-',
  users: USERS,
  groups: GROUPS,
  rand,
});

// Filling through the store would take minutes; the rows are the ones it writes (search-index.ts).
const { db, insertMessage: insMsg } = openForFill(dataDir);
const insRow =
  db.prepare(`insert into message_search (mid, from_uid, gid, dm_low, dm_high, target_uid, created_at,
  content_type, content, edited_at) values (?, ?, ?, ?, ?, ?, ?, 'text/plain', ?, null)`);
const insFts = db.prepare(`insert into message_fts (rowid, body) values (?, ?)`);
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
const fillMs = fillInBatches(db, fill, TOTAL);
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
