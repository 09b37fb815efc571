import { sql, type Kysely } from 'kysely';
import type { StoreContext } from '../dialect.js';
import type { AttemptOutcome } from '../bot-types.js';
import type { DeliveryQueueColumns as QueueColumns, WebhookCursorTable } from '../schema.js';

/** The queue tables and their cursors, as this module sees them. */
type QueueTable = 'webhook_deliveries' | 'notify_deliveries';
type CursorTable = 'webhook_cursor' | 'notify_cursor';
type QueueDatabase = Record<QueueTable, QueueColumns> & Record<CursorTable, WebhookCursorTable>;

/** A row as read: the common columns plus whatever the table adds. */
export type QueueRow = {
  [K in keyof QueueColumns]: K extends 'id' ? number : QueueColumns[K];
} & Record<string, unknown>;

/** What is queued: the table's own columns; `next_at` defaults to the enqueue time. */
export type QueueInsert = { uid: number; mid: number; body: string; created_at: number; next_at?: number };

/**
 * A durable delivery queue under a cursor (webhooks, notifications): rows are enqueued as the
 * cursor moves over the message log, claimed under a lease so that of several nodes one delivers
 * each, and finished with the outcome of the attempt (docs/storage.md, "Bots and webhooks").
 */
export class LeaseQueue<R> {
  /**
   * @param serialKey columns that make rows one sequence: a row is not claimed while an earlier
   *   row of the same key is pending, so they are sent in the order they were queued.
   */
  constructor(
    private readonly ctx: StoreContext,
    private readonly table: QueueTable,
    private readonly cursorTable: CursorTable,
    private readonly toRecord: (row: QueueRow) => R,
    private readonly serialKey: readonly string[] = [],
  ) {}

  /** Both queue tables share their columns: one view of the database serves either. */
  private get db(): Kysely<QueueDatabase> {
    return this.ctx.db as unknown as Kysely<QueueDatabase>;
  }

  async cursor(): Promise<number> {
    const row = await this.db
      .selectFrom(this.cursorTable)
      .select('mid')
      .where('id', '=', 1)
      .executeTakeFirst();
    return row?.mid ?? 0;
  }

  async moveCursor(from: number, to: number): Promise<boolean> {
    const r = await this.db
      .updateTable(this.cursorTable)
      .set({ mid: to })
      .where('id', '=', 1)
      .where('mid', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async enqueue(rows: readonly QueueInsert[], nextAt: number): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto(this.table)
      .values(
        rows.map((d) => ({
          ...d,
          status: 'pending',
          attempts: 0,
          next_at: d.next_at ?? nextAt,
          lease_until: 0,
          last_status: null,
          last_error: null,
          delivered_at: null,
        })),
      )
      .execute();
  }

  async claimDue(now: number, leaseUntil: number, limit: number): Promise<R[]> {
    const due = (await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_at', '<=', now)
      .where('lease_until', '<=', now)
      .$if(this.serialKey.length > 0, (q) => q.where(this.noEarlierPending()))
      .orderBy('next_at')
      .orderBy('id')
      .limit(limit)
      .execute()) as QueueRow[];
    const claimed: R[] = [];
    for (const row of due) {
      // Conditional on the lease read: of two nodes reading the same row, one updates it.
      const r = await this.db
        .updateTable(this.table)
        .set({ lease_until: leaseUntil, attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('lease_until', '=', row.lease_until)
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1)
        claimed.push(this.toRecord({ ...row, lease_until: leaseUntil, attempts: row.attempts + 1 }));
    }
    return claimed;
  }

  private noEarlierPending() {
    const table = sql.table(this.table);
    const same = sql.join(
      this.serialKey.map((c) => {
        const [mine, theirs] = [sql.ref(`${this.table}.${c}`), sql.ref(`earlier.${c}`)];
        return sql`(${theirs} = ${mine} or (${theirs} is null and ${mine} is null))`;
      }),
      sql` and `,
    );
    return sql<boolean>`not exists (select 1 from ${table} as earlier where earlier.status = 'pending' and earlier.id < ${sql.ref(`${this.table}.id`)} and ${same})`;
  }

  async finishAttempt(id: number, outcome: AttemptOutcome): Promise<void> {
    await this.db
      .updateTable(this.table)
      .set({ ...outcome, lease_until: 0 })
      .where('id', '=', id)
      .execute();
  }

  /** The newest `limit` rows of a user, newest first. */
  async list(uid: number, limit: number): Promise<R[]> {
    const rows = (await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('uid', '=', uid)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()) as QueueRow[];
    return rows.map(this.toRecord);
  }
}
