import { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { SqliteWorkerDialect } from './sqlite-driver.js';

/** `FULL` in production; `OFF` only for test stores whose tests do not crash the process. */
export type SqliteSynchronous = 'FULL' | 'OFF';

/**
 * Opens the embedded database. `synchronous=FULL` because an acknowledged message must survive
 * a crash or power loss (WAL with NORMAL may lose the last commits); WAL keeps readers off the
 * writer's back. Foreign keys are off by default in SQLite and our cascades need them.
 *
 * Writes and transactions run on a thread of their own, so the event loop goes on while a
 * commit waits for the disk; plain reads stay on this thread (`sqlite-driver.ts`).
 */
export function openSqlite(file: string, synchronous: SqliteSynchronous = 'FULL'): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteWorkerDialect(file, synchronous) });
}
