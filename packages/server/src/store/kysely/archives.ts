import type { Archive } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { StoreContext } from '../dialect.js';
import type { Database } from '../schema.js';
import type {
  ArchiveAttachment,
  ArchiveRecord,
  ArchiveStore,
  FavoriteRecord,
  FavoriteStore,
} from '../types.js';

const parse = (body: string) => JSON.parse(body) as Archive;

/** Runs `fn` in the caller's transaction, or in a new one. */
const atomically = <T>(ctx: StoreContext, fn: (db: Kysely<Database>) => Promise<T>): Promise<T> =>
  ctx.inTransaction ? fn(ctx.db) : ctx.db.transaction().execute(fn);

async function addAttachments(
  db: Kysely<Database>,
  owner: string,
  attachments: readonly ArchiveAttachment[] | undefined,
): Promise<void> {
  if (!attachments || attachments.length === 0) return;
  await db
    .insertInto('archive_attachments')
    .values(attachments.map((a, idx) => ({ owner, idx, file_id: a.file_id, thumbnail: a.thumbnail ? 1 : 0 })))
    .execute();
}

async function getAttachment(
  db: Kysely<Database>,
  owner: string,
  idx: number,
): Promise<ArchiveAttachment | undefined> {
  const row = await db
    .selectFrom('archive_attachments')
    .select(['file_id', 'thumbnail'])
    .where('owner', '=', owner)
    .where('idx', '=', idx)
    .executeTakeFirst();
  return row && { file_id: row.file_id, thumbnail: Number(row.thumbnail) === 1 };
}

/** Archives made for forwarding, by path, with their attachments. */
export class KyselyArchiveStore implements ArchiveStore {
  constructor(private readonly ctx: StoreContext) {}

  async add({ archive, attachments, ...record }: ArchiveRecord): Promise<void> {
    await atomically(this.ctx, async (db) => {
      await db
        .insertInto('archives')
        .values({ ...record, body: JSON.stringify(archive) })
        .execute();
      await addAttachments(db, `archive:${record.path}`, attachments);
    });
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

  attachment(path: string, index: number): Promise<ArchiveAttachment | undefined> {
    return getAttachment(this.ctx.db, `archive:${path}`, index);
  }
}

/** Favorites per user; the count check and the insert share one transaction. */
export class KyselyFavoriteStore implements FavoriteStore {
  constructor(private readonly ctx: StoreContext) {}

  async add({ archive, attachments, ...record }: FavoriteRecord, max: number): Promise<boolean> {
    return atomically(this.ctx, async (db) => {
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
      await addAttachments(db, `favorite:${record.id}`, attachments);
      return true;
    });
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

  async remove(uid: number, id: string): Promise<string[] | undefined> {
    return atomically(this.ctx, async (db) => {
      const result = await db
        .deleteFrom('favorites')
        .where('uid', '=', uid)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return undefined;
      const held = await db
        .deleteFrom('archive_attachments')
        .where('owner', '=', `favorite:${id}`)
        .returning('file_id')
        .execute();
      return [...new Set(held.map((row) => row.file_id))];
    });
  }

  async attachment(uid: number, id: string, index: number): Promise<ArchiveAttachment | undefined> {
    const owned = await this.ctx.db
      .selectFrom('favorites')
      .select('id')
      .where('uid', '=', uid)
      .where('id', '=', id)
      .executeTakeFirst();
    return owned ? getAttachment(this.ctx.db, `favorite:${id}`, index) : undefined;
  }
}
