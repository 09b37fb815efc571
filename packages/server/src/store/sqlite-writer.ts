/**
 * The thread that owns SQLite's write connection. A commit with `synchronous=FULL` waits for the
 * disk (fsync); run on the event loop, that wait stopped every request from being parsed, so the
 * send queue never had more than one send to commit at once. Here the wait happens on this
 * thread while the event loop goes on, and the sends that arrive meanwhile form the next batch.
 *
 * Requests are `{ id, sql, params }`; each answer is `{ id, rows }` for a statement that returns
 * rows, `{ id, changes, lastInsertRowid }` for one that does not, or `{ id, error }`. The thread
 * runs them one at a time in arrival order, which is the order the driver sent them in.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What a statement on the writer returned. */
export interface WriterResult {
  rows?: unknown[];
  changes?: number;
  lastInsertRowid?: number | bigint;
}

/** An error thrown on the writer thread, rebuilt with the fields the store maps to answers. */
export class SqliteWriterError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    name: string,
  ) {
    super(message);
    this.name = name;
  }
}

/**
 * The thread's program, plain CommonJS so it runs the same from `dist/` and under the test
 * runner (which compiles TypeScript in memory and could not start a `.ts` worker file).
 */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
// A batch's inserts have one SQL text per batch size (up to 256 sends, three tables).
const CACHE_SIZE = 1024;
let db;
const cache = new Map();
function prepare(text) {
  let statement = cache.get(text);
  if (statement) {
    cache.delete(text);
  } else {
    statement = db.prepare(text);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value);
  }
  cache.set(text, statement);
  return statement;
}
function describe(err) {
  return {
    message: String((err && err.message) || err),
    code: err && typeof err.code === 'string' ? err.code : undefined,
    name: (err && err.name) || 'Error',
  };
}
try {
  db = new Database(workerData.file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = ' + workerData.synchronous);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = ' + -workerData.cacheKiB);
  parentPort.postMessage({ id: 0 });
} catch (err) {
  parentPort.postMessage({ id: 0, error: describe(err) });
}
parentPort.on('message', (m) => {
  if (m.close) {
    cache.clear();
    try { db.close(); } catch {}
    parentPort.postMessage({ id: m.id });
    parentPort.close();
    return;
  }
  try {
    // SQLite rolls back by itself on some errors (SQLITE_FULL); a second rollback would fail
    // with "no transaction is active" and hide the error that decides the answer.
    if (m.sql === 'rollback' && !db.inTransaction) {
      parentPort.postMessage({ id: m.id, changes: 0 });
      return;
    }
    const statement = prepare(m.sql);
    if (statement.reader) {
      parentPort.postMessage({ id: m.id, rows: statement.all(m.params) });
    } else {
      const r = statement.run(m.params);
      parentPort.postMessage({ id: m.id, changes: r.changes, lastInsertRowid: r.lastInsertRowid });
    }
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: describe(err) });
  }
});
`;

/**
 * The thread died under its callers (a crash, or terminated): what was in flight fails with this
 * code, which the error handler answers 503 (`store/errors.ts`), and the driver starts a new
 * thread for the next statement. A transaction open on the dead thread was rolled back when its
 * connection closed, so nothing of it is half-applied.
 */
export const WRITER_GONE = 'SQLITE_WRITER_GONE';

class WriterGoneError extends Error {
  readonly code = WRITER_GONE;
  constructor(message: string) {
    super(message);
    this.name = 'WriterGoneError';
  }
}

interface Answer extends WriterResult {
  id: number;
  error?: { message: string; code?: string; name: string };
}

interface Pending {
  resolve: (result: WriterResult) => void;
  reject: (err: unknown) => void;
}

/**
 * The write connection's page cache, in KiB. better-sqlite3 builds SQLite with a 16 MB default,
 * and the writer's cache only fills: the reader never writes, so nothing invalidates it, and every
 * insert touches new pages. Under send load it grew by 16 MB of malloc that glibc keeps
 * (docs/benchmarks.md, "Memory after send bursts"). What a commit needs is the right edges of the
 * tables and indexes it appends to; a page outside the cache is one read from the OS's file cache.
 */
export const WRITER_CACHE_KIB = 2048;

/** The main thread's handle on the writer thread. */
export class SqliteWriter {
  /** Every open writer of this process, so fault tests can kill one (`test/writer-death.test.ts`). */
  static readonly open = new Set<SqliteWriter>();
  readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped: Error | undefined;
  /** Settles once the thread has opened the database (or failed to). */
  readonly ready: Promise<void>;

  constructor(
    readonly file: string,
    synchronous: string,
  ) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WRITER_SOURCE, {
      eval: true,
      workerData: { file, synchronous, driver, cacheKiB: WRITER_CACHE_KIB },
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.pending.set(0, { resolve: () => resolve(), reject });
    });
    // Awaited by the driver's init; a thread that dies before that must not crash the process.
    this.ready.catch(() => undefined);
    // Kept referenced only while a statement is in flight, so an idle store never holds the
    // process open, and an awaited commit always does.
    this.worker.ref();
    this.worker.on('message', (answer: Answer) => this.answer(answer));
    this.worker.on('error', (err) =>
      this.stop(new WriterGoneError(`the SQLite writer thread failed: ${err.message}`)),
    );
    this.worker.on('exit', () => this.stop(new WriterGoneError('the SQLite writer thread exited')));
    SqliteWriter.open.add(this);
  }

  /** False once the thread is gone (closed, or died): the driver then needs a new one. */
  get alive(): boolean {
    return this.stopped === undefined;
  }

  /** Runs one statement on the write connection. */
  run(sql: string, params: readonly unknown[]): Promise<WriterResult> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<WriterResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, sql, params });
    });
  }

  /** Closes the write connection (checkpointing the WAL) and ends the thread. */
  async close(): Promise<void> {
    if (!this.stopped) {
      const id = this.nextId++;
      if (this.pending.size === 0) this.worker.ref();
      await new Promise<WriterResult>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        this.worker.postMessage({ id, close: true });
      }).catch(() => undefined);
    }
    this.stop(new Error('the SQLite store is closed'));
    await this.worker.terminate();
  }

  private answer(answer: Answer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.worker.unref();
    if (answer.error) {
      waiting.reject(new SqliteWriterError(answer.error.message, answer.error.code, answer.error.name));
    } else {
      waiting.resolve(answer);
    }
  }

  private stop(err: Error): void {
    SqliteWriter.open.delete(this);
    this.stopped ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
    this.worker.unref();
  }
}
