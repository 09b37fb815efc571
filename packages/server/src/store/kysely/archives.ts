import type { Archive } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { StoreContext } from '../dialect.js';
import type { Database } from '../schema.js';
import type { ArchiveRecord, ArchiveStore, FavoriteRecord, FavoriteStore } from '../types.js';

const parse = (body: string) => JSON.parse(body) as Archive;

/** Archives made for forwarding, by path. */
export class KyselyArchiveStore implements ArchiveStore {
  constructor(private readonly ctx: StoreContext) {}

  async add({ archive, ...record }: ArchiveRecord): Promise<void> {
    await this.ctx.db
      .insertInto('archives')
      .values({ ...record, body: JSON.stringify(archive) })
      .execute();
  }

  async get(path: string): Promise<ArchiveRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('archives')
      .selectAll()
      .where('path', '=', path)
      .executeTakeFirst();
    return (
      row && {
        path: row.path,
        created_by: row.created_by,
        created_at: row.created_at,
        archive: parse(row.body),
      }
    );
  }
}

/** Favorites per user; the count check and the insert share one transaction. */
export class KyselyFavoriteStore implements FavoriteStore {
  constructor(private readonly ctx: StoreContext) {}

  async add({ archive, ...record }: FavoriteRecord, max: number): Promise<boolean> {
    const run = async (db: Kysely<Database>) => {
      const { n } = await db
        .selectFrom('favorites')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('uid', '=', record.uid)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await db
        .insertInto('favorites')
        .values({ ...record, body: JSON.stringify(archive) })
        .execute();
      return true;
    };
    return this.ctx.inTransaction ? run(this.ctx.db) : this.ctx.db.transaction().execute(run);
  }

  async list(uid: number): Promise<{ id: string; created_at: number }[]> {
    return this.ctx.db
      .selectFrom('favorites')
      .select(['id', 'created_at'])
      .where('uid', '=', uid)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async get(uid: number, id: string): Promise<FavoriteRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('favorites')
      .selectAll()
      .where('uid', '=', uid)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, uid: row.uid, created_at: row.created_at, archive: parse(row.body) };
  }

  async remove(uid: number, id: string): Promise<boolean> {
    const result = await this.ctx.db
      .deleteFrom('favorites')
      .where('uid', '=', uid)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
