/**
 * A Kysely driver for SQLite with two connections to one WAL database:
 *
 * - the **write connection** lives on its own thread (`sqlite-writer.ts`). Every statement that
 *   may write, and every statement inside a transaction, goes there; a transaction holds it
 *   exclusively from `begin` to `commit`/`rollback`, and a single write waits for it the same way.
 *   The event loop is free while a commit waits for the disk.
 * - the **read connection** stays on the main thread, for a plain `select` outside a
 *   transaction. WAL gives it the last committed state: a commit is durable and visible before
 *   the writer answers, so a caller reads its own writes.
 *
 * Inside a transaction, use its handle: a write through the outer store waits for the
 * transaction that waits for it (as with one connection), and a read through it sees the state
 * before the transaction.
 */
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { SqliteWriter, type WriterResult } from './sqlite-writer.js';

/** Distinct SQL texts kept prepared on the read connection (the writer keeps its own). */
const STATEMENT_CACHE_SIZE = 256;

/** Only these may run on the read connection, and only if SQLite says they write nothing. */
const READ_ONLY_START = /^\s*(select|with)\b/i;

export class SqliteWorkerDialect implements Dialect {
  constructor(
    private readonly file: string,
    private readonly synchronous: string,
  ) {}

  createDriver(): Driver {
    return new SqliteWorkerDriver(this.file, this.synchronous);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says it cannot, so its migrator would
 * run each statement on its own: a crash in the middle of a migration (a search backfill takes
 * seconds on a big database) left tables that the next start tried to create again, and the
 * server never started. Saying so makes every upgrade one transaction, done whole or not at all.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** After a failed restart of the writer thread, statements fail (503) for this long before the next try. */
const RESTART_BACKOFF_MS = 1_000;

class SqliteWorkerDriver implements Driver {
  private writer: SqliteWriter | undefined;
  private restarting: Promise<SqliteWriter> | undefined;
  private restartFailedAt = 0;
  private destroyed = false;
  private reader: BetterSqlite3.Database | undefined;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  /** Held by a transaction, or by one write outside any. */
  readonly writeLock = new Mutex();

  constructor(
    private readonly file: string,
    private readonly synchronous: string,
  ) {}

  async init(): Promise<void> {
    this.writer = new SqliteWriter(this.file, this.synchronous);
    try {
      await this.writer.ready;
    } catch (err) {
      await this.writer.close();
      throw err;
    }
    this.reader = new BetterSqlite3(this.file, { timeout: 5000 });
    this.reader.pragma('busy_timeout = 5000');
    this.reader.pragma('query_only = ON');
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new WorkerConnection(this));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as WorkerConnection;
    await this.writeLock.lock();
    conn.holdsWriter = true;
    // The whole transaction runs on this thread: if it dies, the rest fails rather than running
    // outside the transaction on its successor.
    conn.writer = await this.liveWriter();
    await conn.writer.run('begin', []);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  /** Kysely releases after commit or rollback (also a failed one): the writer is free again. */
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const conn = connection as WorkerConnection;
    if (conn.holdsWriter) {
      conn.holdsWriter = false;
      conn.writer = undefined;
      this.writeLock.unlock();
    }
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    this.destroyed = true;
    this.statements.clear();
    this.reader?.close();
    this.reader = undefined;
    await this.writer?.close();
    this.writer = undefined;
  }

  /** Rows of a read-only `select`, read on this thread; undefined when it must go to the writer. */
  tryRead(sql: string, params: readonly unknown[]): unknown[] | undefined {
    if (!this.reader || !READ_ONLY_START.test(sql)) return undefined;
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      statement = this.reader.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        this.statements.delete(this.statements.keys().next().value as string);
      }
    }
    this.statements.set(sql, statement);
    if (!statement.reader || !statement.readonly) return undefined;
    return statement.all(params);
  }

  async write(sql: string, params: readonly unknown[]): Promise<WriterResult> {
    return (await this.liveWriter()).run(sql, params);
  }

  /**
   * The writer thread, a new one if the last one died (decided: recover rather than exit; what
   * was in flight on the dead one failed with a 503, see `sqlite-writer.ts`). Called with the
   * write lock held, so no statement of another caller runs on a thread being replaced.
   */
  liveWriter(): Promise<SqliteWriter> {
    if (!this.writer || this.destroyed) return Promise.reject(new Error('the SQLite store is not open'));
    if (this.writer.alive) return Promise.resolve(this.writer);
    this.restarting ??= this.restartWriter().finally(() => (this.restarting = undefined));
    return this.restarting;
  }

  private async restartWriter(): Promise<SqliteWriter> {
    const gone = this.writer!;
    if (Date.now() - this.restartFailedAt < RESTART_BACKOFF_MS) return gone; // fails with its error
    const next = new SqliteWriter(this.file, this.synchronous);
    try {
      await next.ready;
    } catch {
      this.restartFailedAt = Date.now();
      await next.close();
      return gone;
    }
    if (this.destroyed) {
      await next.close();
      return gone;
    }
    this.writer = next;
    return next;
  }
}

class WorkerConnection implements DatabaseConnection {
  holdsWriter = false;
  /** The thread the open transaction runs on. */
  writer: SqliteWriter | undefined;

  constructor(private readonly driver: SqliteWorkerDriver) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiled;
    if (this.holdsWriter) return toQueryResult<R>(await this.writer!.run(sql, parameters));
    const rows = this.driver.tryRead(sql, parameters);
    if (rows) return { rows: rows as R[] };
    await this.driver.writeLock.lock();
    try {
      return toQueryResult<R>(await this.driver.write(sql, parameters));
    } finally {
      this.driver.writeLock.unlock();
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the SQLite store');
  }
}

function toQueryResult<R>(result: WriterResult): QueryResult<R> {
  if (result.rows) return { rows: result.rows as R[] };
  return {
    numAffectedRows: result.changes != null ? BigInt(result.changes) : undefined,
    insertId: result.lastInsertRowid != null ? BigInt(result.lastInsertRowid) : undefined,
    rows: [],
  };
}

/** First come, first served. */
class Mutex {
  private queue: (() => void)[] = [];
  private held = false;

  lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  unlock(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.held = false;
  }
}
