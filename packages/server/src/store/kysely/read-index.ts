import type { ReadIndexStore, ReadTarget } from '../types.js';
import type { StoreContext } from '../dialect.js';

const targetKey = (target: ReadTarget) =>
  'gid' in target
    ? { target_kind: 'group', target_id: target.gid }
    : { target_kind: 'user', target_id: target.uid };

/** Each user's read position per conversation. */
export class KyselyReadIndexStore implements ReadIndexStore {
  constructor(private readonly ctx: StoreContext) {}

  /** Both lists ascending by id. */
  async list(
    uid: number,
  ): Promise<{ users: { uid: number; mid: number }[]; groups: { gid: number; mid: number }[] }> {
    const rows = await this.ctx.db
      .selectFrom('read_index')
      .select(['target_kind', 'target_id', 'mid'])
      .where('uid', '=', uid)
      .orderBy('target_kind')
      .orderBy('target_id')
      .execute();
    const users: { uid: number; mid: number }[] = [];
    const groups: { gid: number; mid: number }[] = [];
    for (const row of rows) {
      if (row.target_kind === 'group') groups.push({ gid: row.target_id, mid: row.mid });
      else users.push({ uid: row.target_id, mid: row.mid });
    }
    return { users, groups };
  }

  /** An upsert whose update only applies when the mid grows, so racing devices never move it back. */
  async advance(uid: number, target: ReadTarget, mid: number): Promise<boolean> {
    const result = await this.ctx.db
      .insertInto('read_index')
      .values({ uid, ...targetKey(target), mid })
      .onConflict((oc) =>
        oc
          .columns(['uid', 'target_kind', 'target_id'])
          .doUpdateSet((eb) => ({ mid: eb.ref('excluded.mid') }))
          .where((eb) => eb('read_index.mid', '<', eb.ref('excluded.mid'))),
      )
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  /** Forgets every user's position in a conversation (a deleted group or user). */
  async removeTarget(target: ReadTarget): Promise<void> {
    const key = targetKey(target);
    await this.ctx.db
      .deleteFrom('read_index')
      .where('target_kind', '=', key.target_kind)
      .where('target_id', '=', key.target_id)
      .execute();
  }
}
