/**
 * Upgrades: a database made by the previous release (test/fixtures/upgrade/, SQL text made by
 * generate.mjs there) is opened by the current code, which migrates it; every message, user and
 * setting is still there and reads the same through the API.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer, type ParleyServer } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { migrations } from '../src/store/migrations/index.js';
import { SQLITE_FILE_NAME } from '../src/store/index.js';
import { testDatabase } from './support/databases.js';
import { apiClient, type ApiClient } from './support/server.js';
import {
  expectSameAnswers,
  fixtureSql,
  PREVIOUS_RELEASE,
  signInFixtureUser,
} from './support/upgrade-checks.js';

type Rows = Record<string, Record<string, unknown>[]>;
const readRows = (file: string, tables: string[]): Rows => {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return Object.fromEntries(
      tables.map((t) => [t, db.prepare(`select * from "${t}" order by rowid`).all()]),
    ) as Rows;
  } finally {
    db.close();
  }
};
/** The tables holding what users made and configured (sessions and locks may change on start). */
const KEPT = [
  'users',
  'user_log',
  'groups',
  'group_members',
  'messages',
  'settings',
  'read_index',
  'invites',
];

/**
 * Settings a later release keeps in the same key/value table: sign-in providers and the license
 * (VoceChat installations lost exactly these on upgrades). Written into the fixture as that release
 * would have, they must come through every migration unchanged.
 */
const LATER_SETTINGS: Record<string, unknown> = {
  google_auth: { client_id: 'fixture-client.apps.googleusercontent.example' },
  github_auth: { client_id: 'fixture-github-client', client_secret: 'fixture-github-secret' },
  license: 'a license text installed before the upgrade',
};

let dir: string;
let node: ParleyServer | undefined;
let api: ApiClient;
let before: Rows;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'parley-upgrade-'));
  const file = path.join(dir, SQLITE_FILE_NAME);
  const db = new BetterSqlite3(file);
  db.exec(fixtureSql());
  const insert = db.prepare('insert into settings (key, value) values (?, ?)');
  for (const [key, value] of Object.entries(LATER_SETTINGS)) insert.run(key, JSON.stringify(value));
  db.close();
  before = readRows(file, KEPT);
  if (testDatabase() !== 'sqlite') return;
  node = await buildServer({ config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }) });
  await node.app.listen({ port: 0, host: '127.0.0.1' });
  const address = node.app.server.address();
  api = apiClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
afterAll(async () => {
  await node?.close();
  await rm(dir, { recursive: true, force: true });
});

it.skipIf(testDatabase() !== 'sqlite')(`upgrades a ${PREVIOUS_RELEASE} database with every row kept`, () => {
  const after = readRows(path.join(dir, SQLITE_FILE_NAME), [...KEPT, 'kysely_migration']);
  expect(after.kysely_migration!.map((m) => m.name)).toEqual(Object.keys(migrations('sqlite')));
  // Migrations may add columns; every value that was there is still there, row for row.
  for (const table of KEPT) {
    const rows = after[table]!;
    expect(rows.length, table).toBe(before[table]!.length);
    before[table]!.forEach((row, i) => expect(rows[i], `${table} row ${i}`).toMatchObject(row));
  }
  expect(before.messages!.length).toBeGreaterThan(5);
});

it.skipIf(testDatabase() !== 'sqlite')('serves the same messages, users and settings through the API', () =>
  expectSameAnswers(api),
);

it.skipIf(testDatabase() !== 'sqlite')(
  'keeps the sign-in providers and the license a later release wrote',
  async () => {
    expect(before.settings!.filter((r) => String(r.key) in LATER_SETTINGS)).toHaveLength(3);
    const token = await signInFixtureUser(api, 0);
    const google = await api.request('GET', '/admin/google_auth/config', { token });
    expect(google.json).toEqual(LATER_SETTINGS.google_auth);
  },
);
