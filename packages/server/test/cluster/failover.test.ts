/**
 * Failover of scaled mode with real processes: three built Parley nodes on one PostgreSQL and one
 * Redis behind nginx. Users stream from different nodes and post in bursts while a node is
 * killed, Redis is killed and restarted, or PostgreSQL is stopped. Each client reconnects through
 * the balancer with `after_mid`, and must end up with exactly the committed records, in order,
 * once each; every acknowledged send must be among them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../support/databases.js';
import { startPostgres, type PostgresCluster } from '../support/postgres.js';
import { START_TIMEOUT_MS } from '../support/node-process.js';
import { startProcessCluster, type ProcessCluster } from '../support/process-cluster.js';
import { startRedis, type RedisServer } from '../support/redis.js';
import { ResumingStream } from '../support/resuming-stream.js';
import {
  apiClient,
  createAdmin,
  createChannel,
  createUser,
  sendText,
  type ApiClient,
  type TestUser,
} from '../support/server.js';

const NODES = 3;
const USERS = 6;

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
  cleanups = [];
});

interface Setup {
  cluster: ProcessCluster;
  redis: RedisServer;
  api: ApiClient;
  users: TestUser[];
  gid: number;
  startMid: number;
}

async function setUp(databaseUrl: string, dataDir: string): Promise<Setup> {
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  const cluster = await startProcessCluster({ nodes: NODES, databaseUrl, redisUrl: redis.url, dataDir });
  cleanups.push(() => cluster.close());
  const api = apiClient(cluster.url);
  const admin = await createAdmin(api);
  const users = [admin];
  for (let i = 1; i < USERS; i++) users.push(await createUser(api, `member${i}`));
  const gid = await createChannel(api, admin, { name: 'burst', is_public: true });
  const start = await sendText(api, admin, { gid }, 'start');
  return { cluster, redis, api, users, gid, startMid: start.json as number };
}

/** Opens one resuming stream per user, user i on node i mod NODES, from `startMid` on. */
async function openStreams(s: Setup): Promise<ResumingStream[]> {
  const streams = s.users.map((u) => new ResumingStream(s.cluster.url, u.token, s.startMid));
  await Promise.all(streams.map((st, i) => st.start(s.cluster.nodeUrls[i % NODES]!)));
  cleanups.push(async () => void (await Promise.all(streams.map((st) => st.stop()))));
  return streams;
}

interface BurstResult {
  attempted: number;
  acknowledged: number[];
  failed: number;
}

/** Every user posts `perUser` messages one after another through the balancer, all users at once. */
async function burst(s: Setup, perUser: number, onProgress: (acked: number) => void): Promise<BurstResult> {
  const acknowledged: number[] = [];
  let failed = 0;
  await Promise.all(
    s.users.map(async (user, u) => {
      for (let i = 0; i < perUser; i++) {
        try {
          const res = await sendText(s.api, user, { gid: s.gid }, `u${u} #${i}`);
          if (res.status === 200) {
            acknowledged.push(res.json as number);
            onProgress(acknowledged.length);
          } else failed++;
        } catch {
          failed++;
        }
      }
    }),
  );
  return { attempted: s.users.length * perUser, acknowledged, failed };
}

/** What the database holds after `startMid`, read through the balancer. */
async function committedMids(s: Setup): Promise<number[]> {
  const res = await s.api.request('GET', `/group/${s.gid}/history?limit=1000`, { token: s.users[0]!.token });
  expect(res.status).toBe(200);
  return (res.json as { mid: number }[]).map((m) => m.mid).filter((m) => m > s.startMid);
}

async function expectExactlyOnce(
  s: Setup,
  streams: ResumingStream[],
  result: BurstResult,
  label: string,
): Promise<void> {
  const committed = await committedMids(s);
  for (const mid of result.acknowledged) expect(committed).toContain(mid);
  await Promise.all(streams.map((st) => st.waitFor(committed)));
  for (const st of streams) expect(st.mids).toEqual(committed);
  // The figures the closing note quotes.
  console.log(
    `${label}: ${result.attempted} sends, ${result.acknowledged.length} acknowledged, ${result.failed} failed, ` +
      `${committed.length} committed; received per client: ${streams.map((st) => st.mids.length).join(', ')}; ` +
      `reconnects per client: ${streams.map((st) => st.reconnects).join(', ')}`,
  );
}

async function freshDatabase(): Promise<TestStore> {
  const db = await createTestStore();
  // The nodes open the database themselves; this store only created (and migrated) it.
  await db.store.close();
  cleanups.push(() => db.cleanup());
  return db;
}

/**
 * A cluster start and one node restart, each bounded by its readiness deadline, plus the test's
 * work (PostgreSQL's stop and start in the longest).
 */
const TEST_TIMEOUT_MS = 2 * START_TIMEOUT_MS + 90_000;

describe('failover with three node processes behind nginx', { timeout: TEST_TIMEOUT_MS }, () => {
  it('loses and duplicates nothing when a node is killed with SIGKILL in the middle of a burst', async () => {
    const db = await freshDatabase();
    const s = await setUp(db.databaseUrl!, db.dataDir);
    const streams = await openStreams(s);
    let killed: Promise<void> | undefined;
    const result = await burst(s, 40, (acked) => {
      if (acked === 60) killed = s.cluster.kill(1);
    });
    await killed;
    expect(s.cluster.isRunning(1)).toBe(false);
    await expectExactlyOnce(s, streams, result, 'node killed');
    // The killed node's clients moved to another node; the others never had to.
    expect(streams[1]!.reconnects).toBeGreaterThan(0);
    expect(streams[4]!.reconnects).toBeGreaterThan(0);
    expect(streams[0]!.reconnects).toBe(0);
  });

  it('catches every client up exactly once after Redis is killed and restarted during sends', async () => {
    const db = await freshDatabase();
    const s = await setUp(db.databaseUrl!, db.dataDir);
    const streams = await openStreams(s);
    let outage: Promise<void> | undefined;
    const result = await burst(s, 40, (acked) => {
      if (acked === 60) {
        outage = (async () => {
          await s.redis.kill();
          // Sends go on meanwhile: they are committed and acknowledged, just not pushed.
          await new Promise((r) => setTimeout(r, 1_500));
          await s.redis.restart();
        })();
      }
    });
    await outage;
    await expectExactlyOnce(s, streams, result, 'Redis restarted');
    // Every stream was closed when Redis went away and resumed afterwards.
    for (const st of streams) expect(st.reconnects).toBeGreaterThan(0);
    // Nothing needed a node restart.
    for (let i = 0; i < NODES; i++) expect(s.cluster.isRunning(i)).toBe(true);
  });

  it('answers 503 with Retry-After while PostgreSQL is down, and recovers without restarting nodes', async () => {
    const pg: PostgresCluster = await startPostgres();
    cleanups.push(async () => pg.stop());
    const dataDir = await mkdtemp(join(tmpdir(), 'parley-pgdown-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const s = await setUp(`${pg.url}/postgres`, dataDir);
    const streams = await openStreams(s);
    const [owner] = s.users;

    pg.halt();
    for (const url of [...s.cluster.nodeUrls, s.cluster.url]) {
      const node = apiClient(url);
      const send = await sendText(node, owner!, { gid: s.gid }, 'during the outage');
      expect(send.status, url).toBe(503);
      expect(send.headers.get('retry-after'), url).toBe('5');
      expect(send.text, url).toBe('service unavailable');
    }
    for (const url of s.cluster.nodeUrls) {
      expect((await fetch(`${url}/health`)).status).toBe(200);
      const ready = await fetch(`${url}/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: { database: string } }).checks.database).not.toBe('ok');
    }

    pg.resume();
    for (const url of s.cluster.nodeUrls) {
      const deadline = Date.now() + 20_000;
      while ((await fetch(`${url}/ready`)).status !== 200) {
        if (Date.now() > deadline) throw new Error(`${url} not ready after PostgreSQL came back`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    for (let i = 0; i < NODES; i++) expect(s.cluster.isRunning(i)).toBe(true);
    // Every node sends again (each over its own, reconnected, lock and pool connections).
    const after: number[] = [];
    for (const url of s.cluster.nodeUrls) {
      const res = await sendText(apiClient(url), owner!, { gid: s.gid }, `after the outage via ${url}`);
      expect(res.status).toBe(200);
      after.push(res.json as number);
    }
    await expectExactlyOnce(
      s,
      streams,
      { attempted: NODES, acknowledged: after, failed: 0 },
      'PostgreSQL restarted',
    );
  });

  it('drains on SIGTERM: requests in flight finish, streams get a reconnect hint and resume elsewhere', async () => {
    const db = await freshDatabase();
    const s = await setUp(db.databaseUrl!, db.dataDir);
    const streams = await openStreams(s);
    const [owner] = s.users;
    const target = apiClient(s.cluster.nodeUrls[2]!);
    // A batch of sends straight to node 2, and the signal while they are being served.
    const inFlight = Array.from({ length: 30 }, (_, i) =>
      sendText(target, owner!, { gid: s.gid }, `in flight ${i}`).then(
        (res) => res.status,
        () => 'refused' as const,
      ),
    );
    await new Promise((r) => setTimeout(r, 5));
    const stopping = Date.now();
    await s.cluster.stop(2);
    // A hang check, not a speed check: a connection left open kept nodes alive for the whole
    // 72 s keep-alive timeout before responses closed their connections while draining.
    expect(Date.now() - stopping).toBeLessThan(30_000);
    const statuses = await Promise.all(inFlight);
    // Each request was either served in full or never accepted: nothing cut off half-way.
    expect(statuses.filter((st) => st !== 200 && st !== 'refused')).toEqual([]);
    const acknowledged = statuses.filter((st) => st === 200).length;
    expect(acknowledged).toBeGreaterThan(0);
    const after = await sendText(s.api, owner!, { gid: s.gid }, 'after the shutdown');
    expect(after.status).toBe(200);
    const committed = await committedMids(s);
    await Promise.all(streams.map((st) => st.waitFor(committed)));
    for (const st of streams) expect(st.mids).toEqual(committed);
    for (const st of [streams[2]!, streams[5]!]) {
      expect(st.reconnects).toBeGreaterThan(0);
      // Told to come back after 0.5–1.5 s, each at its own moment.
      expect(st.retryHints[0]).toBeGreaterThanOrEqual(500);
      expect(st.retryHints[0]).toBeLessThanOrEqual(1500);
    }
    console.log(
      `SIGTERM: ${acknowledged} of 30 in-flight sends acknowledged, ${statuses.length - acknowledged} refused; ` +
        `received per client: ${streams.map((st) => st.mids.length).join(', ')}`,
    );
  });
});
