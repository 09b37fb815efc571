import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type { Database } from './schema.js';

/** Distinct SQL texts kept prepared; our queries are few and their text stable (see `inList`). */
const STATEMENT_CACHE_SIZE = 256;

/** `FULL` in production; `OFF` only for test stores whose tests do not crash the process. */
export type SqliteSynchronous = 'FULL' | 'OFF';

/**
 * Opens the embedded database. `synchronous=FULL` because an acknowledged message must survive
 * a crash or power loss (WAL with NORMAL may lose the last commits); WAL keeps readers off the
 * writer's back. Foreign keys are off by default in SQLite and our cascades need them.
 */
export function openSqlite(file: string, synchronous: SqliteSynchronous = 'FULL'): Kysely<Database> {
  const sqlite = new BetterSqlite3(file, { timeout: 5000 });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(sqlite) }),
  });
}

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says it cannot, so its migrator would
 * run each statement on its own: a crash in the middle of a migration (a search backfill takes
 * seconds on a big database) left tables that the next start tried to create again, and the
 * server never started. Saying so makes every upgrade one transaction, done whole or not at all.
 */
class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Kysely prepares every query afresh; preparing costs about as much as running a small query, so
 * keep recent statements. Safe because Kysely runs one query at a time on the one connection,
 * and our store never streams (a streaming statement could not be reused while it iterates).
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(text: string): SqliteStatement {
      if (text === 'rollback') return rollbackIfActive(sqlite);
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text) as unknown as SqliteStatement;
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/**
 * SQLite itself rolls the transaction back on some errors (SQLITE_FULL: the disk is full); the
 * rollback Kysely then issues would fail with "no transaction is active" and hide the real error,
 * which decides the answer (507, not 500). Roll back only what is still open.
 */
function rollbackIfActive(sqlite: BetterSqlite3.Database): SqliteStatement {
  const run = () =>
    sqlite.inTransaction ? sqlite.prepare('rollback').run() : { changes: 0, lastInsertRowid: 0 };
  return {
    reader: false,
    all: () => [],
    run,
    iterate: () => [][Symbol.iterator](),
  } as unknown as SqliteStatement;
}
