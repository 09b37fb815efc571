/**
 * `kill -9` while a node upgrades the previous release's database: whatever point the crash hits,
 * the next start finishes the upgrade, and every message is there once and searchable.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../../src/store/migrations/index.js';
import { SQLITE_FILE_NAME } from '../../src/store/index.js';
import type { NodeProcess } from '../support/node-process.js';
import { GENEROUS_LIMITS_ENV } from '../support/limits-env.js';
import { freePort } from '../support/ports.js';
import { allHistory, api, integrityCheck, startNode } from './senders.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(here, '../../dist/main.js');
const FIXTURE = path.resolve(here, '../fixtures/upgrade/0.1.0.sql');
/** Enough rows that the search backfill takes a good part of a second: the crashes land inside it. */
const EXTRA_MESSAGES = 150_000;
const LATEST = Object.keys(migrations('sqlite')).length;

let dataDir: string;
let node: NodeProcess | undefined;
const file = () => path.join(dataDir, SQLITE_FILE_NAME);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-kill-migration-'));
  const db = new BetterSqlite3(file());
  db.exec(readFileSync(FIXTURE, 'utf8'));
  // The fixture's admin (uid 1) writes in its public channel (gid 1); each text carries its number.
  db.exec(`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${EXTRA_MESSAGES})
    insert into messages (from_uid, gid, created_at, detail)
    select 1, 1, 1795611560000 + i,
      json_object('type', 'normal', 'properties', null, 'content_type', 'text/plain',
        'content', 'bulk word' || i, 'expires_in', null)
    from n`);
  db.close();
});
afterAll(async () => {
  await node?.signal('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

const appliedMigrations = (): number => {
  const db = new BetterSqlite3(file(), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

/** Starts the built server on the data directory and kills it `afterMs` later, ready or not. */
async function crashAfter(port: number, afterMs: number): Promise<void> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...GENEROUS_LIMITS_ENV,
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await new Promise((r) => setTimeout(r, afterMs));
  child.kill('SIGKILL');
  await exited;
}

it('finishes an upgrade that SIGKILL interrupted at any point, with every message kept', async () => {
  const port = await freePort();
  const before = appliedMigrations();
  expect(before).toBeLessThan(LATEST);
  // Crash later each time until a start got through every migration before its crash.
  let interruptedMidway = 0;
  for (let afterMs = 150; appliedMigrations() < LATEST; afterMs = Math.round(afterMs * 1.35)) {
    await crashAfter(port, afterMs);
    expect(integrityCheck(dataDir)).toBe('ok');
    if (appliedMigrations() < LATEST) interruptedMidway++;
    expect(afterMs, 'the upgrade never finished').toBeLessThan(60_000);
  }
  expect(interruptedMidway).toBeGreaterThan(2);

  node = await startNode(port, dataDir);
  const login = await api(port)('POST', '/token/login', undefined, {
    credential: { type: 'password', email: 'ada@example.com', password: 'ada password 1' },
    device: 'faults',
  });
  expect(login.status).toBe(200);
  const token = login.json.token as string;
  const history = await allHistory(port, token, 1);
  const bulk = history.filter((m) => m.detail.content.startsWith('bulk word'));
  expect(bulk).toHaveLength(EXTRA_MESSAGES);
  expect(new Set(history.map((m) => m.mid)).size).toBe(history.length);
  // The search backfill covered the rows that were there before the upgrade.
  const found = await api(port)('GET', '/message/search?q=word77777', token);
  expect(found.status).toBe(200);
  expect(JSON.stringify(found.json)).toContain('bulk word77777');
}, 300_000);
