import type { DirectoryStore } from '../directory-types.js';
import { toDbBool, type StoreContext } from '../dialect.js';

/** Who shares what with whom, for the member directory's visibility (`services/directory.ts`). */
export class KyselyDirectoryStore implements DirectoryStore {
  constructor(private readonly ctx: StoreContext) {}

  async hasPublicChannel(): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('groups')
      .select('gid')
      .where('is_public', '=', toDbBool(this.ctx, true))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async privateCoMembers(uid: number): Promise<number[]> {
    const rows = await this.ctx.db
      .selectFrom('group_members as mine')
      .innerJoin('group_members as other', 'other.gid', 'mine.gid')
      .select('other.uid')
      .distinct()
      .where('mine.uid', '=', uid)
      .where('other.uid', '!=', uid)
      .execute();
    return rows.map((r) => r.uid);
  }

  async dmPartners(uid: number): Promise<number[]> {
    const [higher, lower] = await Promise.all([
      this.ctx.db
        .selectFrom('messages')
        .select('dm_high as uid')
        .distinct()
        .where('dm_low', '=', uid)
        .execute(),
      this.ctx.db
        .selectFrom('messages')
        .select('dm_low as uid')
        .distinct()
        .where('dm_high', '=', uid)
        .execute(),
    ]);
    const out = new Set<number>();
    for (const r of [...higher, ...lower]) if (r.uid !== null && r.uid !== uid) out.add(r.uid);
    return [...out];
  }

  async dmPairs(): Promise<[number, number][]> {
    const rows = await this.ctx.db
      .selectFrom('messages')
      .select(['dm_low', 'dm_high'])
      .distinct()
      .where('dm_low', 'is not', null)
      .execute();
    return rows.flatMap((r) =>
      r.dm_low !== null && r.dm_high !== null && r.dm_low !== r.dm_high ? [[r.dm_low, r.dm_high]] : [],
    );
  }

  async hasDm(a: number, b: number): Promise<boolean> {
    const [low, high] = a <= b ? [a, b] : [b, a];
    const row = await this.ctx.db
      .selectFrom('messages')
      .select('mid')
      .where('dm_low', '=', low)
      .where('dm_high', '=', high)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async contactsOf(uid: number): Promise<number[]> {
    const rows = await this.ctx.db
      .selectFrom('contacts')
      .select('target_uid')
      .where('uid', '=', uid)
      .execute();
    return rows.map((r) => r.target_uid);
  }

  async contactHolders(uid: number): Promise<number[]> {
    const rows = await this.ctx.db
      .selectFrom('contacts')
      .select('uid')
      .where('target_uid', '=', uid)
      .execute();
    return rows.map((r) => r.uid);
  }

  async adminUids(): Promise<number[]> {
    const rows = await this.ctx.db
      .selectFrom('users')
      .select('uid')
      .where('is_admin', '=', toDbBool(this.ctx, true))
      .execute();
    return rows.map((r) => r.uid);
  }
}
