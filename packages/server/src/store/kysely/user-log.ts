import type { UserLog } from '@parley/protocol';
import type { Selectable } from 'kysely';
import type { UserLogTable } from '../schema.js';
import type { NewUserLog, StoredUserLog, UserLogEntry, UserLogStore } from '../types.js';
import { fromDbBool, toDbBool, withCursorLock, type StoreContext } from '../dialect.js';

/**
 * The stored `action` of a retraction marker (docs/api.md "Member directory"): never sent as
 * such; a reader resuming past it gets a `delete` row for each user they no longer see.
 */
const RETRACT = 'retract_hidden';

/** Rows per INSERT of `appendMany`: 11 parameters each stay far below both databases' limits. */
const CHUNK = 500;

/** The user log; `log_id` is the `users_version` cursor of the event stream. */
export class KyselyUserLogStore implements UserLogStore {
  constructor(private readonly ctx: StoreContext) {}

  /** Log ids are allocated in commit order (see `withCursorLock`), like mids. */
  async append(entry: NewUserLog): Promise<UserLog> {
    const [stored] = await this.appendMany([entry]);
    return stored!.log;
  }

  async appendMany(entries: readonly NewUserLog[]): Promise<StoredUserLog[]> {
    if (entries.length === 0) return [];
    return withCursorLock(this.ctx, 'userLog', async (ctx) => {
      const out: StoredUserLog[] = [];
      for (let i = 0; i < entries.length; i += CHUNK) {
        const rows = await ctx.db
          .insertInto('user_log')
          .values(entries.slice(i, i + CHUNK).map((entry) => this.row(entry)))
          .returningAll()
          .execute();
        rows.sort((a, b) => a.log_id - b.log_id);
        for (const row of rows) out.push({ log: toLog(row), reader_uid: row.reader_uid });
      }
      return out;
    });
  }

  async appendRetraction(upToUid: number): Promise<number> {
    const row = await withCursorLock(this.ctx, 'userLog', (ctx) =>
      ctx.db
        .insertInto('user_log')
        .values({ ...this.row({ ...EMPTY, action: 'delete', uid: upToUid }), action: RETRACT })
        .returning('log_id')
        .executeTakeFirstOrThrow(),
    );
    return row.log_id;
  }

  async listAfter(version: number, reader: number): Promise<UserLog[]> {
    return (await this.listForReader(version, reader)).flatMap((e) => (e.kind === 'row' ? [e.log] : []));
  }

  async listForReader(version: number, reader: number): Promise<UserLogEntry[]> {
    const rows = await this.ctx.db
      .selectFrom('user_log')
      .selectAll()
      .where('log_id', '>', version)
      .where((eb) => eb.or([eb('reader_uid', 'is', null), eb('reader_uid', '=', reader)]))
      .orderBy('log_id')
      .execute();
    return rows.map((row): UserLogEntry =>
      row.action === RETRACT
        ? { kind: 'retract', log_id: row.log_id, upToUid: row.uid }
        : { kind: 'row', log: toLog(row), personal: row.reader_uid !== null },
    );
  }

  async latestVersion(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('user_log')
      .select((eb) => eb.fn.max('log_id').as('v'))
      .executeTakeFirst();
    return Number(row?.v ?? 0);
  }

  private row(entry: NewUserLog) {
    const nullableBool = (v: boolean | null) => (v === null ? null : toDbBool(this.ctx, v));
    return {
      action: entry.action,
      uid: entry.uid,
      email: entry.email,
      name: entry.name,
      gender: entry.gender,
      language: entry.language,
      is_admin: nullableBool(entry.is_admin),
      is_bot: nullableBool(entry.is_bot),
      avatar_updated_at: entry.avatar_updated_at,
      reader_uid: entry.reader_uid ?? null,
    };
  }
}

const EMPTY = {
  email: null,
  name: null,
  gender: null,
  language: null,
  is_admin: null,
  is_bot: null,
  avatar_updated_at: null,
} as const;

function toLog(row: Selectable<UserLogTable>): UserLog {
  return {
    log_id: row.log_id,
    action: row.action as UserLog['action'],
    uid: row.uid,
    email: row.email,
    name: row.name,
    gender: row.gender,
    language: row.language,
    is_admin: row.is_admin === null ? null : fromDbBool(row.is_admin),
    is_bot: row.is_bot === null ? null : fromDbBool(row.is_bot),
    avatar_updated_at: row.avatar_updated_at,
  };
}
