import type { Selectable, Updateable } from 'kysely';
import type { NewUser, UserPatch, UserRecord, UserStatus, UserStore } from '../types.js';
import {
  fromDbBool,
  inList,
  lockForTransaction,
  SEAT_LOCK,
  toDbBool,
  type StoreContext,
} from '../dialect.js';
import { toUserUniqueError } from '../errors.js';
import type { UsersTable } from '../schema.js';

const GUEST = 'guest';

function toRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    uid: row.uid,
    email: row.email,
    name: row.name,
    gender: row.gender,
    language: row.language,
    is_admin: fromDbBool(row.is_admin),
    is_bot: fromDbBool(row.is_bot),
    avatar_updated_at: row.avatar_updated_at,
    create_by: row.create_by,
    password_hash: row.password_hash,
    status: row.status as UserStatus,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toPatchRow(ctx: StoreContext, patch: UserPatch): Updateable<UsersTable> {
  const row: Updateable<UsersTable> = {};
  if (patch.email !== undefined) row.email = patch.email === null ? null : patch.email.toLowerCase();
  if (patch.name !== undefined) {
    row.name = patch.name;
    row.name_lower = patch.name.toLowerCase();
  }
  if (patch.gender !== undefined) row.gender = patch.gender;
  if (patch.language !== undefined) row.language = patch.language;
  if (patch.is_admin !== undefined) row.is_admin = toDbBool(ctx, patch.is_admin);
  if (patch.is_bot !== undefined) row.is_bot = toDbBool(ctx, patch.is_bot);
  if (patch.avatar_updated_at !== undefined) row.avatar_updated_at = patch.avatar_updated_at;
  if (patch.create_by !== undefined) row.create_by = patch.create_by;
  if (patch.password_hash !== undefined) row.password_hash = patch.password_hash;
  if (patch.status !== undefined) row.status = patch.status;
  if (patch.updated_at !== undefined) row.updated_at = patch.updated_at;
  return row;
}

/** Users. Emails are stored lower-cased; names keep their case and are unique through `name_lower`. */
export class KyselyUserStore implements UserStore {
  constructor(private readonly ctx: StoreContext) {}

  async create(user: NewUser): Promise<UserRecord> {
    try {
      const row = await this.ctx.db
        .insertInto('users')
        .values({
          email: user.email === null ? null : user.email.toLowerCase(),
          name: user.name,
          name_lower: user.name.toLowerCase(),
          gender: user.gender,
          language: user.language,
          is_admin: toDbBool(this.ctx, user.is_admin),
          is_bot: toDbBool(this.ctx, user.is_bot),
          avatar_updated_at: user.avatar_updated_at,
          create_by: user.create_by,
          password_hash: user.password_hash,
          status: user.status,
          created_at: user.created_at,
          updated_at: user.updated_at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    } catch (err) {
      throw toUserUniqueError(err);
    }
  }

  async get(uid: number): Promise<UserRecord | undefined> {
    const row = await this.ctx.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
    return row && toRecord(row);
  }

  async getMany(uids: readonly number[]): Promise<UserRecord[]> {
    if (uids.length === 0) return [];
    const rows = await this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => inList(this.ctx, eb.ref('uid'), uids))
      .orderBy('uid')
      .execute();
    return rows.map(toRecord);
  }

  async getByEmail(email: string): Promise<UserRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async getByName(name: string): Promise<UserRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('name_lower', '=', name.toLowerCase())
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async list(): Promise<UserRecord[]> {
    const rows = await this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('create_by', '<>', GUEST)
      .orderBy('uid')
      .execute();
    return rows.map(toRecord);
  }

  /** The uids of `list()`: every non-guest user, ascending. */
  async listUids(): Promise<number[]> {
    const rows = await this.ctx.db
      .selectFrom('users')
      .select('uid')
      .where('create_by', '<>', GUEST)
      .orderBy('uid')
      .execute();
    return rows.map((r) => r.uid);
  }

  /** Counts what `list()` returns: guests excluded. */
  async count(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('create_by', '<>', GUEST)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countForSeat(): Promise<number> {
    await lockForTransaction(this.ctx, SEAT_LOCK);
    return this.count();
  }

  async update(uid: number, patch: UserPatch): Promise<UserRecord | undefined> {
    const set = toPatchRow(this.ctx, patch);
    if (Object.keys(set).length === 0) return this.get(uid);
    try {
      const row = await this.ctx.db
        .updateTable('users')
        .set(set)
        .where('uid', '=', uid)
        .returningAll()
        .executeTakeFirst();
      return row && toRecord(row);
    } catch (err) {
      throw toUserUniqueError(err);
    }
  }

  /** Also removes the user's devices, refresh tokens, memberships and read positions (foreign keys). */
  async delete(uid: number): Promise<boolean> {
    const result = await this.ctx.db.deleteFrom('users').where('uid', '=', uid).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async guestsCreatedBefore(before: number, limit: number): Promise<number[]> {
    const rows = await this.ctx.db
      .selectFrom('users')
      .select('uid')
      .where('create_by', '=', GUEST)
      .where('created_at', '<', before)
      .orderBy('uid')
      .limit(limit)
      .execute();
    return rows.map((r) => r.uid);
  }
}
