/**
 * The two stores for `bench/history.mjs`: how Parley is configured for each, how one channel is
 * filled with `count` messages straight in the database (the row shape `store/kysely/messages.ts`
 * writes), and the limit measured beside Parley: the same page query on a connection of the bench's
 * own, plus `JSON.stringify` of the rows.
 *
 * PostgreSQL is a throwaway durable cluster (`cluster-services.mjs`, as `bench/cluster.mjs` runs it)
 * in the run's temp directory; its CPU is counted as the run's own for the quiet gate.
 */
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { requireServerDep } from './parley-dist.mjs';
import { startPostgres, treeCpuMs } from './cluster-services.mjs';

const PAGE = 'order by mid desc limit 100';
const detailOf = (i, text) =>
  JSON.stringify({
    type: 'normal',
    properties: null,
    content_type: 'text/plain',
    content: `${i} ${text}`,
    expires_in: null,
  });

export async function sqliteStore(dir) {
  const Database = requireServerDep('better-sqlite3');
  const file = path.join(dir, 'parley.db');
  let reader;
  let raw;
  return {
    name: 'SQLite',
    env: {},
    cpuMs: () => 0,
    async seed(count, uid, gid, text) {
      const db = new Database(file);
      db.pragma('journal_mode = WAL');
      const insert = db.prepare(
        'insert into messages (from_uid, gid, dm_low, dm_high, target_uid, created_at, detail, ref_mid, reaction_kind, expires_at) values (?, ?, null, null, null, ?, ?, null, null, null)',
      );
      db.transaction(() => {
        for (let i = 0; i < count; i++) insert.run(uid, gid, 1_700_000_000_000 + i, detailOf(i, text));
      })();
      db.pragma('wal_checkpoint(TRUNCATE)');
      const range = db.prepare('select min(mid) as lo, max(mid) as hi from messages where gid = ?').get(gid);
      db.close();
      return range;
    },
    async openRaw(gid, hi) {
      reader = new Database(file, { readonly: true });
      raw = reader.prepare(
        `select mid, from_uid, created_at, gid, dm_low, dm_high, target_uid, detail from messages where gid = ? and mid < ? ${PAGE}`,
      );
      const plan = reader.prepare(`explain query plan ${raw.source}`).all(gid, hi);
      return plan.map((r) => r.detail).join('; ');
    },
    raw: (gid, before) => JSON.stringify(raw.all(gid, before).reverse()),
    async close() {
      reader?.close();
    },
  };
}

export async function postgresStore(dir) {
  const pg = requireServerDep('pg');
  chmodSync(dir, 0o755); // mkdtemp's 0700 would keep PostgreSQL's own user (when run as root) out
  const server = await startPostgres(path.join(dir, 'pg'));
  const admin = new pg.Client({ connectionString: `${server.url}/postgres` });
  await admin.connect();
  await admin.query('create database parley_bench');
  await admin.end();
  const url = `${server.url}/parley_bench`;
  let client;
  let text;
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url },
    cpuMs: () => treeCpuMs(server.pid) ?? 0,
    /**
     * One statement; then VACUUM ANALYZE, so the pages are read as in a settled database (hint bits
     * set, statistics), and CHECKPOINT, as SQLite's seed ends with its WAL checkpoint: the insert's
     * WAL starts a checkpoint that PostgreSQL otherwise spreads over the next minutes, writing and
     * syncing the table during the timed pages.
     */
    async seed(count, uid, gid, filler) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const t0 = performance.now();
        await c.query(
          `insert into messages (from_uid, gid, created_at, detail)
           select $1, $2, 1700000000000 + i,
             '{"type":"normal","properties":null,"content_type":"text/plain","content":"' || i || ' ' || $3 || '","expires_in":null}'
           from generate_series(0, $4::int - 1) as i`,
          [uid, gid, filler, count],
        );
        const insertMs = performance.now() - t0;
        await c.query('vacuum analyze messages');
        const vacuumMs = performance.now() - t0 - insertMs;
        await c.query('checkpoint');
        const s = (ms) => (ms / 1000).toFixed(1);
        console.log(
          `  (PostgreSQL: insert ${s(insertMs)} s, vacuum analyze ${s(vacuumMs)} s, checkpoint ${s(performance.now() - t0 - insertMs - vacuumMs)} s)`,
        );
        const { rows } = await c.query(
          'select min(mid)::int as lo, max(mid)::int as hi from messages where gid = $1',
          [gid],
        );
        return rows[0];
      } finally {
        await c.end();
      }
    },
    async openRaw(gid, hi) {
      client = new pg.Client({ connectionString: url });
      await client.connect();
      text = `select mid, from_uid, created_at, gid, dm_low, dm_high, target_uid, detail from messages where gid = $1 and mid < $2 ${PAGE}`;
      const { rows } = await client.query(`explain ${text}`, [gid, hi]);
      return rows.map((r) => r['QUERY PLAN'].trim()).join('; ');
    },
    // Unnamed statements, parsed and planned per call. With a callback, as `store/postgres.ts` runs
    // the server's: through pg's own promise V8 promoted every result's rows to the old generation
    // (docs/benchmarks.md, "History p99 on PostgreSQL"), which this process shares with the server.
    raw: (gid, before) =>
      new Promise((resolve, reject) =>
        client.query(text, [gid, before], (err, res) =>
          err ? reject(err) : resolve(JSON.stringify(res.rows.reverse())),
        ),
      ),
    async close() {
      await client?.end();
      server.stop();
    },
  };
}
