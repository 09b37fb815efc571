import { sql, type Selectable, type Updateable } from 'kysely';
import type { GroupPatch, GroupRecord, GroupStore, NewGroup } from '../types.js';
import { fromDbBool, inList, toDbBool, valuesTable, type StoreContext } from '../dialect.js';
import type { GroupsTable } from '../schema.js';

function toRecord(row: Selectable<GroupsTable>): GroupRecord {
  return {
    gid: row.gid,
    name: row.name,
    description: row.description,
    owner: row.owner,
    is_public: fromDbBool(row.is_public),
    avatar_updated_at: row.avatar_updated_at,
    created_at: row.created_at,
    show_email: fromDbBool(row.show_email),
    dm_to_member: fromDbBool(row.dm_to_member),
    add_friend: fromDbBool(row.add_friend),
    only_owner_can_send_msg: fromDbBool(row.only_owner_can_send_msg),
    ext_setting: row.ext_setting,
  };
}

const SWITCHES = ['show_email', 'dm_to_member', 'add_friend', 'only_owner_can_send_msg'] as const;

function uniqueSorted(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Groups (channels) and their memberships. */
export class KyselyGroupStore implements GroupStore {
  constructor(private readonly ctx: StoreContext) {}

  async create(group: NewGroup): Promise<GroupRecord> {
    const row = await this.ctx.db
      .insertInto('groups')
      .values({
        name: group.name,
        description: group.description,
        owner: group.owner,
        is_public: toDbBool(this.ctx, group.is_public),
        avatar_updated_at: group.avatar_updated_at,
        created_at: group.created_at,
        ...Object.fromEntries(
          SWITCHES.filter((k) => group[k] !== undefined).map((k) => [k, toDbBool(this.ctx, group[k]!)]),
        ),
        ...(group.ext_setting !== undefined ? { ext_setting: group.ext_setting } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async get(gid: number): Promise<GroupRecord | undefined> {
    const row = await this.ctx.db.selectFrom('groups').selectAll().where('gid', '=', gid).executeTakeFirst();
    return row && toRecord(row);
  }

  async listVisibleTo(uid: number): Promise<GroupRecord[]> {
    const rows = await this.ctx.db
      .selectFrom('groups')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('is_public', '=', toDbBool(this.ctx, true)),
          eb('gid', 'in', eb.selectFrom('group_members').select('gid').where('uid', '=', uid)),
        ]),
      )
      .orderBy('gid')
      .execute();
    return rows.map(toRecord);
  }

  async listAll(): Promise<GroupRecord[]> {
    const rows = await this.ctx.db.selectFrom('groups').selectAll().orderBy('gid').execute();
    return rows.map(toRecord);
  }

  async count(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async update(gid: number, patch: GroupPatch): Promise<GroupRecord | undefined> {
    const set: Updateable<GroupsTable> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.owner !== undefined) set.owner = patch.owner;
    if (patch.is_public !== undefined) set.is_public = toDbBool(this.ctx, patch.is_public);
    if (patch.avatar_updated_at !== undefined) set.avatar_updated_at = patch.avatar_updated_at;
    for (const key of SWITCHES) if (patch[key] !== undefined) set[key] = toDbBool(this.ctx, patch[key]);
    if (patch.ext_setting !== undefined) set.ext_setting = patch.ext_setting;
    if (Object.keys(set).length === 0) return this.get(gid);
    const row = await this.ctx.db
      .updateTable('groups')
      .set(set)
      .where('gid', '=', gid)
      .returningAll()
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Memberships and invites of the group go with it (foreign keys); its messages stay. */
  async delete(gid: number): Promise<boolean> {
    const result = await this.ctx.db.deleteFrom('groups').where('gid', '=', gid).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async members(gid: number): Promise<number[]> {
    const rows = await this.ctx.db
      .selectFrom('group_members')
      .select('uid')
      .where('gid', '=', gid)
      .orderBy('uid')
      .execute();
    return rows.map((r) => r.uid);
  }

  /** Every requested gid is a key of the result, with `[]` when it has no members. */
  async membersOf(gids: readonly number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>(gids.map((gid) => [gid, []]));
    if (gids.length === 0) return result;
    const rows = await this.ctx.db
      .selectFrom('group_members')
      .select(['gid', 'uid'])
      .where((eb) => inList(this.ctx, eb.ref('gid'), gids))
      .orderBy('gid')
      .orderBy('uid')
      .execute();
    for (const row of rows) result.get(row.gid)?.push(row.uid);
    return result;
  }

  async isMember(gid: number, uid: number): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('group_members')
      .select('uid')
      .where('gid', '=', gid)
      .where('uid', '=', uid)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * One statement whatever the number of uids (adding every user to a public group is one call).
   * The `where true` keeps SQLite from reading `ON CONFLICT` as part of the SELECT.
   */
  async addMembers(gid: number, uids: readonly number[], joinedAt: number): Promise<number[]> {
    if (uids.length === 0) return [];
    const rows = await this.ctx.db
      .insertInto('group_members')
      .columns(['gid', 'uid', 'joined_at'])
      .expression(
        sql`select cast(${gid} as integer), id, cast(${joinedAt} as bigint) from (${valuesTable(this.ctx, uniqueSorted(uids))}) as v where true`,
      )
      .onConflict((oc) => oc.columns(['gid', 'uid']).doNothing())
      .returning('uid')
      .execute();
    return rows.map((r) => r.uid).sort((a, b) => a - b);
  }

  async removeMembers(gid: number, uids: readonly number[]): Promise<number[]> {
    if (uids.length === 0) return [];
    const rows = await this.ctx.db
      .deleteFrom('group_members')
      .where('gid', '=', gid)
      .where((eb) => inList(this.ctx, eb.ref('uid'), uids))
      .returning('uid')
      .execute();
    return rows.map((r) => r.uid).sort((a, b) => a - b);
  }

  async clearMembers(gid: number): Promise<void> {
    await this.ctx.db.deleteFrom('group_members').where('gid', '=', gid).execute();
  }

  async removeUserEverywhere(uid: number): Promise<number[]> {
    const rows = await this.ctx.db
      .deleteFrom('group_members')
      .where('uid', '=', uid)
      .returning('gid')
      .execute();
    return rows.map((r) => r.gid).sort((a, b) => a - b);
  }

  async sharedBy(a: number, b: number): Promise<GroupRecord[]> {
    const rows = await this.ctx.db
      .selectFrom('groups')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('is_public', '=', toDbBool(this.ctx, true)),
          eb.and([
            eb('gid', 'in', eb.selectFrom('group_members').select('gid').where('uid', '=', a)),
            eb('gid', 'in', eb.selectFrom('group_members').select('gid').where('uid', '=', b)),
          ]),
        ]),
      )
      .orderBy('gid')
      .execute();
    return rows.map(toRecord);
  }
}
