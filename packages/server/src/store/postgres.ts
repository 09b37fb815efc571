import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { pools } from '../metrics/process.js';
import { statementName } from './named-statements.js';

const INT8_OID = 20;

/** Our ids and millisecond timestamps are int8; they stay far below 2^53, so read them as numbers. */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} does not fit a JS number`);
  return value;
}

/**
 * Scoped to our pool: the global `pg.types` stays untouched for any other pg user in the process.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * How every pooled client runs a query for Kysely, which passes only (text, values) and awaits.
 *
 * - The texts marked in `named-statements.ts` run as named prepared statements: pg prepares by
 *   name only when given one. pg parses a name once per connection and then sends only Bind and
 *   Execute; PostgreSQL keeps the parsed statement and still plans each execution
 *   (`plan_cache_mode` below).
 * - The query is given a callback and the promise is ours. Without one, pg builds its Query and
 *   then sets its callback to settle pg's own promise; in that path V8 kept each page's rows and
 *   strings alive through two young-generation collections, so they were copied and promoted to
 *   the old generation (~1.7 MB per scavenge, 3–6 ms scavenges, the history p99 on PostgreSQL;
 *   docs/benchmarks.md, "History p99 on PostgreSQL"). With the callback given to the Query as it
 *   is built, the same pages promote next to nothing.
 */
function adaptQuery(client: pg.PoolClient): void {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: pg.PoolClient, config: unknown, values?: unknown, callback?: unknown) {
    const name = typeof config === 'string' ? statementName(config) : undefined;
    const args =
      name !== undefined && Array.isArray(values) ? [{ name, text: config, values }] : [config, values];
    const own = config as { submit?: unknown; callback?: unknown } | null;
    const callerSettles =
      callback !== undefined ||
      typeof values === 'function' ||
      typeof own?.callback === 'function' ||
      typeof own?.submit === 'function';
    if (callerSettles) {
      return query.call(this, ...args, callback);
    }
    return new Promise((resolve, reject) => {
      query.call(this, ...args, (err: Error | null, result: unknown) =>
        err ? reject(err) : resolve(result),
      );
    });
  } as typeof client.query;
}

export interface PostgresOptions {
  /** Pool size per process. */
  maxConnections?: number;
}

export function openPostgres(connectionString: string, options: PostgresOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    types,
    // JIT compiles any query the planner costs high, e.g. a join over a large messages table,
    // and spends hundreds of milliseconds doing it for queries that then run in one or two.
    // Named statements (`adaptQuery`) keep being planned for their parameters, as unnamed ones
    // are: after five runs PostgreSQL may switch to one generic plan, which plans `gid = $1` for an
    // average channel, and a pass backwards over the primary key is the wrong plan for a small
    // channel next to a large one. Planning a page costs ~0.1 ms; parsing is what naming saves.
    options: '-c jit=off -c plan_cache_mode=force_custom_plan',
    // While the database is down a request should fail (503) quickly, not wait for a connection.
    connectionTimeoutMillis: 5_000,
  });
  // A client whose server connection dies emits 'error'; without a listener that crashes the
  // process. The pool listens only while a client is idle, so a client checked out between two
  // statements of a transaction (a send batch) took the whole node down when PostgreSQL crashed.
  // Listen on every client: its next query fails (a 503), and the pool discards it on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    adaptQuery(client);
  });
  pools.add(pool);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
