/**
 * Upgrades on PostgreSQL: the previous release's schema is made by its own migrations, filled
 * with the upgrade fixture's rows (the same data the SQLite upgrade test loads), and then opened
 * by the current code, which migrates it; every row and every API answer is as before.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer, type ParleyServer } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { migrations } from '../src/store/migrations/index.js';
import { openPostgres } from '../src/store/postgres.js';
import { testDatabase } from './support/databases.js';
import { apiClient, type ApiClient } from './support/server.js';
import { expectSameAnswers, fixtureSql, signInFixtureUser } from './support/upgrade-checks.js';

type Row = Record<string, unknown>;

/** The fixture's own schema version: the migrations the previous release had run. */
function fixtureDatabase(): { tables: Map<string, Row[]>; applied: string[] } {
  const db = new BetterSqlite3(':memory:');
  try {
    db.exec(fixtureSql());
    const names = (
      db
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    const tables = new Map(
      names.map((t) => [t, db.prepare(`select * from "${t}" order by rowid`).all() as Row[]]),
    );
    const applied = (
      db.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((m) => m.name);
    return { tables, applied };
  } finally {
    db.close();
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${inject('pgUrl')}/postgres` });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Copies the rows, typing SQLite's 0/1 booleans, parents first (the fixture's creation order). */
async function copyRows(client: pg.Client, tables: Map<string, Row[]>): Promise<void> {
  for (const [table, rows] of tables) {
    const { rows: booleans } = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = $1 and data_type = 'boolean'`,
      [table],
    );
    const isBoolean = new Set(booleans.map((r) => r.column_name));
    for (const row of rows) {
      const columns = Object.keys(row);
      const values = columns.map((c) => (isBoolean.has(c) && row[c] !== null ? row[c] === 1 : row[c]));
      await client.query(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
         values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        values,
      );
    }
  }
}

/** Identity columns continue after the copied ids, as they would have on the old server. */
async function advanceIdentities(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and is_identity = 'YES'`,
  );
  for (const { table_name: t, column_name: c } of rows) {
    await client.query(
      `select setval(pg_get_serial_sequence('"${t}"', '${c}'),
         coalesce((select max("${c}") from "${t}"), 0) + 1, false)`,
    );
  }
}

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const onPostgres = testDatabase() === 'postgres';
const name = `upgrade_${randomBytes(6).toString('hex')}`;
let dir: string;
let url: string;
let node: ParleyServer | undefined;
let api: ApiClient;
let copied: Map<string, Row[]>;

describe.skipIf(!onPostgres)('upgrade on PostgreSQL', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'parley-upgrade-pg-'));
    await adminQuery(`create database ${name}`);
    url = `${inject('pgUrl')}/${name}`;
    const { tables, applied } = fixtureDatabase();
    copied = tables;
    const db = openPostgres(url);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations('postgres') } });
      const { error } = await migrator.migrateTo(applied.at(-1)!);
      if (error) throw error;
    } finally {
      await db.destroy();
    }
    await withClient(async (client) => {
      await copyRows(client, tables);
      await advanceIdentities(client);
    });
    node = await buildServer({
      config: loadConfig({ DATABASE_URL: url, DATA_DIR: dir, LOG_LEVEL: 'silent' }),
    });
    await node.app.listen({ port: 0, host: '127.0.0.1' });
    const address = node.app.server.address();
    api = apiClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  });
  afterAll(async () => {
    await node?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
    await rm(dir, { recursive: true, force: true });
  });

  it('migrates to the latest schema with every row kept', async () => {
    await withClient(async (client) => {
      const done = await client.query<{ name: string }>('select name from kysely_migration order by name');
      expect(done.rows.map((m) => m.name)).toEqual(Object.keys(migrations('postgres')));
      for (const [table, before] of copied) {
        const after = await client.query<{ n: string }>(`select count(*) as n from "${table}"`);
        expect(Number(after.rows[0]!.n), table).toBe(before.length);
      }
    });
    expect(copied.get('messages')!.length).toBeGreaterThan(5);
  });

  it('serves the same messages, users and settings through the API', () => expectSameAnswers(api));

  it('searches the messages that were there before the upgrade', async () => {
    const first = JSON.parse(copied.get('messages')![0]!.detail as string) as { content: string };
    const word = first.content.split(' ')[0]!;
    const token = await signInFixtureUser(api, 0);
    const res = await api.request('GET', `/message/search?q=${encodeURIComponent(word)}`, { token });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.json)).toContain(word);
  });
});
