#!/usr/bin/env node
/**
 * The member Files screen's list (docs/benchmarks.md, "Files list"): fills a SQLite database with
 * BENCH_FILES messages that carry a file (200,000; 20,000 with BENCH_QUICK=1) over channels and
 * DMs, then times `store.files.listReadable` (the permission filter, the file row, the filters)
 * for a member's first page, a type filter, a name search and a page deep in the cursor, against
 * the limit measured in the same run: the newest 50 file messages with no permission or filter.
 *
 *   npm run build && node bench/files-list.mjs        # or: BENCH_QUICK=1 node bench/files-list.mjs
 */
import { rmSync } from 'node:fs';
import { createScene, fillInBatches, openForFill, seededRandom, time } from './lib/sqlite-scene.mjs';
import { percentile } from './lib/stats.mjs';

const quick = process.env.BENCH_QUICK === '1';
const TOTAL = Number(process.env.BENCH_FILES ?? (quick ? 20_000 : 200_000));
const RUNS = Number(process.env.BENCH_FILES_RUNS ?? (quick ? 30 : 100));
const USERS = 50;
const GROUPS = 40;
const LIMIT = 50;
const TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'video/mp4', 'audio/webm', 'application/zip'];

const { rand, pick } = seededRandom(7);
const p50 = (samples) => percentile(samples, 50);
const p95 = (samples) => percentile(samples, 95);

const { dataDir, uids, gids, openStore } = await createScene({
  prefix: 'parley-bench-files-',
  users: USERS,
  groups: GROUPS,
  rand,
});

// The rows the upload and the send write, inserted directly (the store's path would take minutes).
const { db, insertMessage: insMsg } = openForFill(dataDir);
const insFile =
  db.prepare(`insert into files (file_id, uid, filename, declared_type, content_type, size, chunks,
  created_at, updated_at, path, hash, width, height, thumbnail_key) values (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, null, null, null, null)`);
const insLink = db.prepare(
  `insert into file_messages (mid, file_id, from_uid, gid, created_at) values (?, ?, ?, ?, ?)`,
);
const fill = db.transaction((from, to) => {
  for (let mid = from; mid < to; mid++) {
    const sender = pick(uids);
    const other = pick(uids);
    const dm = rand() < 0.2;
    const gid = dm ? null : pick(gids);
    const at = 1_700_000_000_000 + mid * 1000;
    const type = pick(TYPES);
    const id = `f${mid}`;
    const name = `${rand() < 0.01 ? 'quarterly-report' : 'file'}-${mid}.${type.split('/')[1]}`;
    insMsg.run(
      mid,
      sender,
      gid,
      dm ? Math.min(sender, other) : null,
      dm ? Math.max(sender, other) : null,
      dm ? other : null,
      at,
      JSON.stringify({
        type: 'normal',
        properties: null,
        content_type: 'vocechat/file',
        content: JSON.stringify({ path: `2026/1/1/${id}` }),
        expires_in: null,
      }),
    );
    insFile.run(id, sender, name, type, type, 1000 + mid, at, at, `2026/1/1/${id}`);
    insLink.run(mid, id, sender, gid, at);
  }
});
const fillMs = fillInBatches(db, fill, TOTAL);
const raw = db.prepare(`select f.mid, fl.filename from file_messages f join files fl on fl.file_id = f.file_id
  order by f.mid desc limit ${LIMIT}`);

const reader = await openStore({ dataDir });
const uid = uids[1];
const CASES = {
  'first page': {},
  images: { kind: 'image' },
  'name search': { name: 'quarterly' },
  'deep page': { beforeMid: Math.floor(TOTAL / 10) },
};
const rows = [];
for (const [name, filter] of Object.entries(CASES)) {
  const args = { uid, limit: LIMIT + 1, ...filter };
  for (let i = 0; i < 3; i++) await reader.files.listReadable(args);
  const parley = [];
  const limit = [];
  let found = 0;
  for (let i = 0; i < RUNS; i++) {
    limit.push(await time(() => raw.all()));
    parley.push(await time(async () => (found = (await reader.files.listReadable(args)).length)));
  }
  rows.push({ name, found, p50: p50(parley), p95: p95(parley), raw: p95(limit) });
}
await reader.close();
db.close();
if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });

const fmt = (ms) => `${ms.toFixed(2)} ms`;
console.log(
  `files list: ${TOTAL.toLocaleString('en')} file messages (filled in ${(fillMs / 1000).toFixed(1)} s), ${RUNS} runs each, limit ${LIMIT}`,
);
console.log('case        | rows | Parley p50 | Parley p95 | raw p95 | p95 ≤ 100 ms');
for (const r of rows) {
  console.log(
    `${r.name.padEnd(11)} | ${String(r.found).padStart(4)} | ${fmt(r.p50).padStart(10)} | ${fmt(r.p95).padStart(10)} | ${fmt(r.raw).padStart(7)} | ${r.p95 <= 100 ? 'yes' : 'NO'}`,
  );
}
