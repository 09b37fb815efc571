/**
 * Makes the audit log refuse every row and accept them again, with a database trigger, for the
 * tests that an administrative change and its audit entry commit or fail together
 * (`audit-atomic*.test.ts`). The SQL goes around the store, on a connection of its own.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../../src/store/index.js';
import type { TestStore } from './databases.js';

async function execSql(db: TestStore, text: string): Promise<void> {
  if (db.databaseUrl) {
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
    return;
  }
  const sqlite = new Database(path.join(db.dataDir, SQLITE_FILE_NAME));
  try {
    sqlite.exec(text);
  } finally {
    sqlite.close();
  }
}

const breakAuditLog = (db: TestStore) =>
  execSql(
    db,
    db.databaseUrl
      ? `create function audit_down() returns trigger language plpgsql as
           $$ begin raise exception 'audit log unavailable'; end $$;
         create trigger audit_down before insert on audit_log for each row execute function audit_down();`
      : `create trigger audit_down before insert on audit_log begin select raise(abort, 'audit log unavailable'); end;`,
  );

const mendAuditLog = (db: TestStore) =>
  execSql(
    db,
    db.databaseUrl
      ? 'drop trigger audit_down on audit_log; drop function audit_down();'
      : 'drop trigger audit_down;',
  );

/** Runs `body` with the audit log refusing rows, and mends it afterwards even when `body` throws. */
export async function withAuditLogDown(db: TestStore, body: () => Promise<void>): Promise<void> {
  await breakAuditLog(db);
  try {
    await body();
  } finally {
    await mendAuditLog(db);
  }
}
