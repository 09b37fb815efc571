/**
 * The few places where SQLite and PostgreSQL differ, in one file so the adapter code above it
 * reads the same for both.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from './schema.js';

export type StoreDialect = 'sqlite' | 'postgres';

/** What every table module gets: the database handle (maybe a transaction) and its dialect. */
export interface StoreContext {
  readonly db: Kysely<Database>;
  readonly dialect: StoreDialect;
  readonly inTransaction: boolean;
}

/** better-sqlite3 refuses JS booleans as parameters, so SQLite gets 0/1. */
export function toDbBool(ctx: StoreContext, value: boolean): boolean | number {
  return ctx.dialect === 'sqlite' ? (value ? 1 : 0) : value;
}

export function fromDbBool(value: boolean | number): boolean {
  return value === true || value === 1;
}

/**
 * `column IN (values)` with one parameter whatever the list length, so the SQL text (and the
 * cached prepared statement) stays the same: a JSON array on SQLite, an array on PostgreSQL.
 */
export function inList(
  ctx: StoreContext,
  column: Expression<unknown>,
  values: readonly number[],
  pgType: 'integer' | 'bigint' = 'integer',
): Expression<SqlBool> {
  if (ctx.dialect === 'sqlite') {
    return sql<SqlBool>`${column} in (select value from json_each(${JSON.stringify(values)}))`;
  }
  return sql<SqlBool>`${column} = any(cast(${values} as ${sql.raw(pgType)}[]))`;
}

/** A one-column table of integers from a list, for joins (see `inList`). */
export function valuesTable(ctx: StoreContext, values: readonly number[]) {
  if (ctx.dialect === 'sqlite') {
    return sql`select value as id from json_each(${JSON.stringify(values)})`;
  }
  return sql`select unnest(cast(${values} as integer[])) as id`;
}

/** Runs `fn` atomically: inside the caller's transaction if there is one, else in a new one. */
export async function atomic<T>(ctx: StoreContext, fn: (ctx: StoreContext) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return fn(ctx);
  return ctx.db.transaction().execute((trx) => fn({ db: trx, dialect: ctx.dialect, inTransaction: true }));
}

/**
 * Advisory-lock keys, one per cursor table. Any values work as long as nothing else uses them;
 * these are "PRL" plus a digit.
 */
export const CURSOR_LOCKS = { messages: 0x50524c01, userLog: 0x50524c02 } as const;

/** The advisory-lock key that serialises license seat checks with account creation (`users.countForSeat`). */
export const SEAT_LOCK = 0x50524c03;

/**
 * Serialises the callers in their transaction on PostgreSQL: a transaction-scoped advisory lock,
 * released at commit or rollback. SQLite serialises writers already. Outside a transaction the
 * lock would be released at once, so that is refused.
 */
export async function lockForTransaction(ctx: StoreContext, key: number): Promise<void> {
  if (ctx.dialect === 'sqlite') return;
  if (!ctx.inTransaction) throw new Error('lockForTransaction needs a transaction');
  await sql`select pg_advisory_xact_lock(${sql.lit(key)})`.execute(ctx.db);
}

/**
 * Runs an insert into a cursor table (messages, user log) so that ids are allocated in commit
 * order: a reader that has seen id N has seen every committed id below N.
 *
 * SQLite serialises writers, so AUTOINCREMENT already does that. A PostgreSQL sequence does not:
 * two transactions can take 10 and 11 and commit 11 first. So there the insert runs in a
 * transaction (the caller's, or its own) after taking a transaction-scoped advisory lock, which
 * PostgreSQL releases only once the commit is visible to others.
 */
export async function withCursorLock<T>(
  ctx: StoreContext,
  key: keyof typeof CURSOR_LOCKS,
  insert: (ctx: StoreContext) => Promise<T>,
): Promise<T> {
  if (ctx.dialect === 'sqlite') return insert(ctx);
  return atomic(ctx, async (tx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(CURSOR_LOCKS[key])})`.execute(tx.db);
    return insert(tx);
  });
}
