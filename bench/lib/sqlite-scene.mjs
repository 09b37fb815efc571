/**
 * A synthetic SQLite deployment for the store benchmarks (search.mjs, files-list.mjs): users and
 * channels made through the store, so their rows are the real ones, then the bulk rows written
 * straight into the file, since filling hundreds of thousands through the store takes minutes.
 * Everything is drawn from a seeded generator, so every run measures the same data.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { importDist, requireServerDep } from './parley-dist.mjs';

/** mulberry32: a deterministic generator in [0, 1), and a pick from a list that draws from it. */
export function seededRandom(seed) {
  let state = seed;
  const rand = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(rand() * list.length)];
  return { rand, pick };
}

/**
 * A fresh data directory with `users` users and `groups` channels (every fourth public; each
 * private one with about 30% of the users, drawn from `rand`), the store closed again.
 */
export async function createScene({ prefix, users, groups, rand }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const { openStore } = await importDist('store/index.js');
  const store = await openStore({ dataDir });
  const uids = [];
  for (let i = 0; i < users; i++) {
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
  for (let i = 0; i < groups; i++) {
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
  return { dataDir, uids, gids, openStore };
}

/**
 * The scene's database opened directly for the bulk fill (no fsync: the data is thrown away),
 * with the `messages` insert both fillers need.
 */
export function openForFill(dataDir) {
  const Database = requireServerDep('better-sqlite3');
  const db = new Database(path.join(dataDir, 'parley.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insertMessage =
    db.prepare(`insert into messages (mid, from_uid, gid, dm_low, dm_high, target_uid, created_at, detail)
  values (?, ?, ?, ?, ?, ?, ?, ?)`);
  return { db, insertMessage };
}

/**
 * Runs `fill(from, to)` (a transaction over mids from..to-1) in batches of 10,000 up to `total`,
 * checkpoints the WAL and returns the milliseconds it all took.
 */
export function fillInBatches(db, fill, total) {
  const start = performance.now();
  for (let from = 1; from <= total; from += 10_000) fill(from, Math.min(total + 1, from + 10_000));
  db.pragma('wal_checkpoint(TRUNCATE)');
  return performance.now() - start;
}

/** Milliseconds one call of `fn` takes, awaited. */
export async function time(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}
