import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { pools } from '../metrics/process.js';

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
    options: '-c jit=off',
    // While the database is down a request should fail (503) quickly, not wait for a connection.
    connectionTimeoutMillis: 5_000,
  });
  // A client whose server connection dies emits 'error'; without a listener that crashes the
  // process. The pool listens only while a client is idle, so a client checked out between two
  // statements of a transaction (a send batch) took the whole node down when PostgreSQL crashed.
  // Listen on every client: its next query fails (a 503), and the pool discards it on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  pools.add(pool);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
