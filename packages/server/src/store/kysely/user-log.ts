import type { UserLog } from '@parley/protocol';
import type { NewUserLog, UserLogStore } from '../types.js';
import { fromDbBool, toDbBool, withCursorLock, type StoreContext } from '../dialect.js';

/** The user log; `log_id` is the `users_version` cursor of the event stream. */
export class KyselyUserLogStore implements UserLogStore {
  constructor(private readonly ctx: StoreContext) {}

  /** Log ids are allocated in commit order (see `withCursorLock`), like mids. */
  async append(entry: NewUserLog): Promise<UserLog> {
    const nullableBool = (v: boolean | null) => (v === null ? null : toDbBool(this.ctx, v));
    const row = await withCursorLock(this.ctx, 'userLog', (ctx) =>
      ctx.db
        .insertInto('user_log')
        .values({
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
        })
        .returning('log_id')
        .executeTakeFirstOrThrow(),
    );
    return {
      log_id: row.log_id,
      action: entry.action,
      uid: entry.uid,
      email: entry.email,
      name: entry.name,
      gender: entry.gender,
      language: entry.language,
      is_admin: entry.is_admin,
      is_bot: entry.is_bot,
      avatar_updated_at: entry.avatar_updated_at,
    };
  }

  async listAfter(version: number, reader: number): Promise<UserLog[]> {
    const rows = await this.ctx.db
      .selectFrom('user_log')
      .selectAll()
      .where('log_id', '>', version)
      .where((eb) => eb.or([eb('reader_uid', 'is', null), eb('reader_uid', '=', reader)]))
      .orderBy('log_id')
      .execute();
    return rows.map((row) => ({
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
    }));
  }

  async latestVersion(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('user_log')
      .select((eb) => eb.fn.max('log_id').as('v'))
      .executeTakeFirst();
    return Number(row?.v ?? 0);
  }
}
