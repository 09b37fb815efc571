import type { PinnedMessage } from '@parley/protocol';
import type { Selectable } from 'kysely';
import type { StoreContext } from '../dialect.js';
import { inList } from '../dialect.js';
import { isUniqueViolation } from '../errors.js';
import type { PinnedMessagesTable } from '../schema.js';
import type { PinRecord, PinStore } from '../types.js';

const toPin = (row: Selectable<PinnedMessagesTable>): PinRecord => ({
  gid: row.gid,
  mid: row.mid,
  created_by: row.created_by,
  created_at: row.created_at,
  content_type: row.content_type,
  content: row.content,
  properties: row.properties === null ? null : (JSON.parse(row.properties) as PinRecord['properties']),
});

const view = ({ gid: _gid, ...pin }: PinRecord): PinnedMessage => pin;

/** Pinned messages per channel, each with the pinned message's current version. */
export class KyselyPinStore implements PinStore {
  constructor(private readonly ctx: StoreContext) {}

  async add(pin: PinRecord): Promise<boolean> {
    try {
      await this.ctx.db
        .insertInto('pinned_messages')
        .values({ ...pin, properties: pin.properties === null ? null : JSON.stringify(pin.properties) })
        .execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async remove(gid: number, mid: number): Promise<boolean> {
    const result = await this.ctx.db
      .deleteFrom('pinned_messages')
      .where('gid', '=', gid)
      .where('mid', '=', mid)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async forMessage(mid: number): Promise<PinRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('pinned_messages')
      .selectAll()
      .where('mid', '=', mid)
      .executeTakeFirst();
    return row && toPin(row);
  }

  async updateVersion(
    mid: number,
    version: Pick<PinnedMessage, 'content_type' | 'content' | 'properties'>,
  ): Promise<PinRecord | undefined> {
    await this.ctx.db
      .updateTable('pinned_messages')
      .set({
        content_type: version.content_type,
        content: version.content,
        properties: version.properties === null ? null : JSON.stringify(version.properties),
      })
      .where('mid', '=', mid)
      .execute();
    return this.forMessage(mid);
  }

  async listFor(gids: readonly number[]): Promise<Map<number, PinnedMessage[]>> {
    const result = new Map<number, PinnedMessage[]>();
    if (gids.length === 0) return result;
    const rows = await this.ctx.db
      .selectFrom('pinned_messages')
      .selectAll()
      .where((eb) => inList(this.ctx, eb.ref('gid'), gids))
      .orderBy('created_at')
      .orderBy('mid')
      .execute();
    for (const row of rows) {
      const list = result.get(row.gid) ?? [];
      list.push(view(toPin(row)));
      result.set(row.gid, list);
    }
    return result;
  }
}
