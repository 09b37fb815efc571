/**
 * A node on PostgreSQL through crashes of either side: at eight points during concurrent sends
 * either PostgreSQL stops the way a crash stops it (immediate shutdown, WAL replay on start) or
 * the node gets SIGKILL. Afterwards every acknowledged message is stored once and unchanged, and
 * amcheck finds every B-tree index (with its heap) consistent.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNodeProcess, type NodeProcess } from '../support/node-process.js';
import { startPostgres, type PostgresCluster } from '../support/postgres.js';
import { freePort } from '../support/ports.js';
import { expectAllStored, onboard, signIn, startSenders, type Acknowledged } from './senders.js';

const CRASH_POINTS = 8;

let cluster: PostgresCluster;
let dataDir: string;
let databaseUrl: string;
let node: NodeProcess | undefined;

beforeAll(async () => {
  cluster = await startPostgres({ durable: true });
  const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
  await admin.connect();
  await admin.query('create database parley');
  await admin.end();
  databaseUrl = `${cluster.url}/parley`;
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-kill-postgres-'));
}, 120_000);
afterAll(async () => {
  await node?.signal('SIGKILL');
  cluster?.stop();
  if (process.env.KEEP_FAULT_DIR) console.info(dataDir);
  else await rm(dataDir, { recursive: true, force: true });
});

const startNode = (port: number) =>
  startNodeProcess({
    port,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' },
    logFile: path.join(dataDir, 'node.log'),
  });

/** Waits until the node answers sends again (its pool reconnects after PostgreSQL comes back). */
async function untilSending(port: number): Promise<string> {
  let last: unknown;
  for (let tries = 0; ; tries++) {
    const token = await signIn(port).catch((err: unknown) => void (last = err));
    if (token) return token;
    expect(tries, `the node never recovered: ${String(last)}`).toBeLessThan(600);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** amcheck over every B-tree index of the database, heap included: the rows of failed index checks. */
async function amcheck(): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create extension if not exists amcheck');
    const indexes = await client.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_index i
         join pg_class c on c.oid = i.indexrelid
         join pg_am a on a.oid = c.relam
         join pg_namespace n on n.oid = c.relnamespace
       where a.amname = 'btree' and n.nspname = 'public' and i.indisvalid`,
    );
    const failed: string[] = [];
    for (const { name } of indexes.rows) {
      try {
        await client.query('select bt_index_check($1::regclass, true)', [name]);
      } catch (err) {
        failed.push(`${name}: ${(err as Error).message}`);
      }
    }
    expect(indexes.rows.length).toBeGreaterThan(5);
    return failed;
  } finally {
    await client.end();
  }
}

it(`keeps every acknowledged message through ${CRASH_POINTS} crashes of PostgreSQL or the node`, async () => {
  const port = await freePort();
  node = await startNode(port);
  const first = await onboard(port);
  const { gid, uid } = first;
  let { token } = first;
  const acknowledged: Acknowledged = new Map();
  for (let round = 0; round < CRASH_POINTS; round++) {
    const before = acknowledged.size;
    const senders = startSenders(port, token, gid, `round ${round}`, acknowledged);
    while (acknowledged.size < before + 5 + round * 3) await new Promise((r) => setTimeout(r, 1));
    await new Promise((r) => setTimeout(r, round % 3));
    if (round % 2 === 0) {
      cluster.crash();
      await senders.stop();
      cluster.resume();
    } else {
      await node.signal('SIGKILL');
      await senders.done;
      node = await startNode(port);
    }
    token = await untilSending(port);
    await expectAllStored(port, token, gid, uid, acknowledged);
  }
  expect(await amcheck()).toEqual([]);
  console.info(`faults: ${acknowledged.size} acknowledged messages over ${CRASH_POINTS} crashes, none lost`);
}, 300_000);
