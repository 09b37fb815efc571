/**
 * The limits of `bench/cluster.mjs`, measured against the run's own PostgreSQL and Redis from one
 * process driven over IPC (pinned to the server CPU, where the nodes' database clients run too),
 * with the same client libraries as the server (pg, ioredis):
 *
 *   pgTight   a tight loop of single-row inserts, each its own transaction (autocommit:
 *             INSERT … RETURNING + COMMIT in one round trip), into `bench_tight`, a copy of the
 *             messages table (LIKE messages INCLUDING ALL: same columns, identity and indexes),
 *             from 1 client and from K clients at once
 *   replay    the statements one scaled-mode send runs when it is alone (a group-commit batch of
 *             one), in the same order, without HTTP: session advisory lock; BEGIN; xact advisory
 *             lock; INSERT … RETURNING; COMMIT; previous-mid read; Redis PUBLISH of an
 *             envelope-sized payload; unlock (other lock keys and another channel than the
 *             server's, so the nodes see none of it)
 *   redis     a tight loop of PUBLISH (one client, each awaited: the round trip), no subscribers
 */
import { performance } from 'node:perf_hooks';
import { serveIpc } from './ipc.mjs';
import { requireServerDep } from './parley-dist.mjs';
import { summarize } from './stats.mjs';

const pg = requireServerDep('pg');
const { Redis } = requireServerDep('ioredis');

/** Not the server's keys (store/dialect.ts, store/cluster-lock.ts use 0x50524c01…0x50524c10). */
const REPLAY_LOCK = 0x50524cb1;
const REPLAY_XACT_LOCK = 0x50524cb2;
const CHANNEL = 'parley-bench:limits';
const INSERT =
  'insert into bench_tight (from_uid, gid, dm_low, dm_high, target_uid, created_at, detail, ref_mid) ' +
  'values ($1, $2, $3, $4, $5, $6, $7, $8) returning mid';

let pgUrl;
let redisUrl;

const detailOf = (seq, textBytes) =>
  JSON.stringify({
    type: 'normal',
    properties: null,
    content_type: 'text/plain',
    content: `tight ${seq} `.padEnd(textBytes, 'x'),
    expires_in: null,
  });
/** INSERT's parameters for one row: a group message like a send's. */
const rowOf = (fromUid, gid, n, textBytes) => [
  fromUid,
  gid,
  null,
  null,
  null,
  Date.now(),
  detailOf(n, textBytes),
  null,
];
/** About the size of the chat envelope a node publishes. */
const envelopeOf = (mid, gid, fromUid, textBytes) =>
  JSON.stringify({
    audience: { kind: 'all' },
    event: {
      type: 'chat',
      mid,
      from_uid: fromUid,
      created_at: Date.now(),
      target: { gid },
      detail: JSON.parse(detailOf(mid, textBytes)),
    },
    prevMid: mid - 1,
  });

async function client() {
  const c = new pg.Client({ connectionString: pgUrl });
  c.on('error', () => {});
  await c.connect();
  return c;
}

let seq = 0;

serveIpc({
  /** The nodes' database, created through the maintenance database `adminUrl` points at. */
  async createDatabase(adminUrl, name) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`create database ${name}`);
      return true;
    } finally {
      await c.end();
    }
  },

  /** Remembers the URLs and creates `bench_tight` (needs the nodes' migrations: call after one started). */
  async init(pgConnection, redisConnection) {
    pgUrl = pgConnection;
    redisUrl = redisConnection;
    const c = await client();
    try {
      await c.query('create table if not exists bench_tight (like messages including all)');
      const settings = {};
      for (const name of [
        'fsync',
        'synchronous_commit',
        'wal_sync_method',
        'full_page_writes',
        'max_connections',
      ]) {
        settings[name] = (await c.query(`show ${name}`)).rows[0][name];
      }
      return settings;
    } finally {
      await c.end();
    }
  },

  async countMessages() {
    const c = await client();
    try {
      return Number((await c.query('select count(*) as n from messages')).rows[0].n);
    } finally {
      await c.end();
    }
  },

  /** `clients` connections, each inserting and committing one row at a time for `durationMs`. */
  async pgTight({ clients, durationMs, gid, fromUid, textBytes }) {
    const conns = await Promise.all(Array.from({ length: clients }, client));
    const lat = [];
    let rows = 0;
    try {
      for (const c of conns) await c.query(INSERT, rowOf(fromUid, gid, 0, textBytes));
      const t0 = performance.now();
      const deadline = t0 + durationMs;
      await Promise.all(
        conns.map(async (c) => {
          while (performance.now() < deadline) {
            const t = performance.now();
            await c.query(INSERT, rowOf(fromUid, gid, ++seq, textBytes));
            lat.push(performance.now() - t);
            rows += 1;
          }
        }),
      );
      const elapsedMs = performance.now() - t0;
      return { clients, rows, elapsedMs, rowsPerSec: (rows / elapsedMs) * 1000, commitMs: summarize(lat) };
    } finally {
      await Promise.all(conns.map((c) => c.end().catch(() => {})));
    }
  },

  /** One scaled-mode send's statements, one send at a time, for `durationMs`. */
  async replay({ durationMs, gid, fromUid, textBytes }) {
    const lock = await client();
    const tx = await client();
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    await redis.connect();
    const lat = [];
    const parts = { lock: [], insertCommit: [], prevMid: [], publish: [], unlock: [] };
    let sends = 0;
    try {
      const one = async () => {
        const t0 = performance.now();
        await lock.query('select pg_advisory_lock($1)', [REPLAY_LOCK]);
        const t1 = performance.now();
        await tx.query('begin');
        await tx.query(`select pg_advisory_xact_lock(${REPLAY_XACT_LOCK})`);
        const { mid } = (await tx.query(INSERT, rowOf(fromUid, gid, ++seq, textBytes))).rows[0];
        await tx.query('commit');
        const t2 = performance.now();
        await tx.query('select mid from bench_tight where mid < $1 order by mid desc limit 1', [mid]);
        const t3 = performance.now();
        await redis.publish(CHANNEL, envelopeOf(Number(mid), gid, fromUid, textBytes));
        const t4 = performance.now();
        await lock.query('select pg_advisory_unlock($1)', [REPLAY_LOCK]);
        const t5 = performance.now();
        parts.lock.push(t1 - t0);
        parts.insertCommit.push(t2 - t1);
        parts.prevMid.push(t3 - t2);
        parts.publish.push(t4 - t3);
        parts.unlock.push(t5 - t4);
        lat.push(t5 - t0);
      };
      await one();
      lat.length = 0;
      for (const k of Object.keys(parts)) parts[k].length = 0;
      const t0 = performance.now();
      const deadline = t0 + durationMs;
      while (performance.now() < deadline) {
        await one();
        sends += 1;
      }
      const elapsedMs = performance.now() - t0;
      return {
        sends,
        elapsedMs,
        perSec: (sends / elapsedMs) * 1000,
        sendMs: summarize(lat),
        partsMs: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, summarize(v)])),
      };
    } finally {
      redis.disconnect();
      await lock.end().catch(() => {});
      await tx.end().catch(() => {});
    }
  },

  /** PUBLISH round trips from one client, one at a time, for `durationMs`. */
  async redisPublish({ durationMs, gid, fromUid, textBytes }) {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    await redis.connect();
    const payload = envelopeOf(1_000_000, gid, fromUid, textBytes);
    const lat = [];
    try {
      await redis.publish(CHANNEL, payload);
      const t0 = performance.now();
      const deadline = t0 + durationMs;
      while (performance.now() < deadline) {
        const t = performance.now();
        await redis.publish(CHANNEL, payload);
        lat.push(performance.now() - t);
      }
      const elapsedMs = performance.now() - t0;
      return {
        ops: lat.length,
        payloadBytes: Buffer.byteLength(payload),
        elapsedMs,
        perSec: (lat.length / elapsedMs) * 1000,
        rttMs: summarize(lat),
      };
    } finally {
      redis.disconnect();
    }
  },
});
