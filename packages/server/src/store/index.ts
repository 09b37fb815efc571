/**
 * The storage layer: interfaces in `types.ts`, one Kysely implementation for SQLite and
 * PostgreSQL, migrations, and the conformance suite both pass. See docs/storage.md.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely, MigrationResult } from 'kysely';
import type { StoreDialect } from './dialect.js';
import { KyselyStore } from './kysely-store.js';
import { migrateToLatest } from './migrations/index.js';
import type { Database } from './schema.js';
import { openSqlite, type SqliteSynchronous } from './sqlite.js';
import type { Store } from './types.js';

export type * from './types.js';
export { isUniqueViolation, TargetGoneError, UniqueViolationError, type UniqueField } from './errors.js';

export interface OpenStoreOptions {
  /** A `postgres://` or `postgresql://` URL selects PostgreSQL; absent, SQLite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /**
   * SQLite's fsync policy, `FULL` unless given. Only test stores pass `OFF`: a test that does not
   * crash the process loses nothing by it, and every commit stops waiting for the disk.
   */
  sqliteSynchronous?: SqliteSynchronous;
}

export const SQLITE_FILE_NAME = 'parley.db';

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The database alone, with the dialect it speaks: no migration, no store. */
export async function openDatabase(
  options: OpenStoreOptions,
): Promise<{ db: Kysely<Database>; dialect: StoreDialect }> {
  if (options.databaseUrl) {
    if (!isPostgresUrl(options.databaseUrl)) {
      throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    }
    // Loaded only for PostgreSQL: an embedded server never needs the `pg` driver in memory.
    const { openPostgres } = await import('./postgres.js');
    return { db: openPostgres(options.databaseUrl), dialect: 'postgres' };
  }
  // The database holds the token signing key: only the server's own user may read it.
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = join(options.dataDir, SQLITE_FILE_NAME);
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  return { db: openSqlite(file, options.sqliteSynchronous), dialect: 'sqlite' };
}

/** Opens the database, migrates it to the latest schema, and returns the store. */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const { db, dialect } = await openDatabase(options);
  try {
    await migrateToLatest(db, dialect);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return KyselyStore.create(db, dialect);
}

/** Runs the migrations alone (a deploy step before starting several nodes) and closes. */
export async function migrateDatabase(options: OpenStoreOptions): Promise<MigrationResult[]> {
  const { db, dialect } = await openDatabase(options);
  try {
    return await migrateToLatest(db, dialect);
  } finally {
    await db.destroy();
  }
}
