/**
 * A digest of every row in the test's database, read over a connection of its own, so a test can
 * say "this request changed nothing" without knowing which tables a route touches. It is one line
 * per table (`name hash`), so a failed comparison shows which tables changed.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../../src/store/index.js';
import type { TestStore } from './databases.js';

export interface DbDigest {
  (): Promise<string>;
  close(): Promise<void>;
}

export async function openDigest(db: TestStore): Promise<DbDigest> {
  if (!db.databaseUrl) {
    const sqlite = new BetterSqlite3(join(db.dataDir, SQLITE_FILE_NAME), { readonly: true });
    const tables = (
      sqlite.prepare(`select name, sql from sqlite_master where type = 'table' order by name`).all() as {
        name: string;
        sql: string | null;
      }[]
    ).map((r) => ({ name: r.name, rowid: !/without rowid/i.test(r.sql ?? '') }));
    // A WITHOUT ROWID table (FTS5's shadow tables) is read in primary-key order.
    const digest = async () =>
      tables
        .map((t) =>
          line(
            t.name,
            JSON.stringify(
              sqlite.prepare(`select * from "${t.name}"${t.rowid ? ' order by rowid' : ''}`).all(),
            ),
          ),
        )
        .join('\n');
    return Object.assign(digest, { close: async () => void sqlite.close() });
  }
  const client = new pg.Client({ connectionString: db.databaseUrl });
  await client.connect();
  const tables = (
    await client.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((r) => r.tablename);
  const digest = async () => {
    const lines: string[] = [];
    for (const t of tables) {
      const rows = (await client.query(`select * from "${t}"`)).rows.map((r) => JSON.stringify(r)).sort();
      lines.push(line(t, rows.join('\n')));
    }
    return lines.join('\n');
  };
  return Object.assign(digest, { close: () => client.end() });
}

function line(table: string, rows: string): string {
  return `${table} ${createHash('sha256').update(rows).digest('hex').slice(0, 16)}`;
}
