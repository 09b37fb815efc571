import type { StoreContext } from '../dialect.js';
import { isUniqueViolation } from '../errors.js';
import type {
  FileChunk,
  FileMessageFilter,
  FileMessageRecord,
  FileRecord,
  FileStore,
  ReadableFileFilter,
  ReadableFileRecord,
} from '../types.js';
import { listReadableFiles } from './readable-files.js';

/** Uploads, their chunks and the messages that carry them. */
export class KyselyFileStore implements FileStore {
  constructor(private readonly ctx: StoreContext) {}

  async create(file: FileRecord): Promise<void> {
    await this.ctx.db.insertInto('files').values(file).execute();
  }

  async get(fileId: string): Promise<FileRecord | undefined> {
    return this.ctx.db.selectFrom('files').selectAll().where('file_id', '=', fileId).executeTakeFirst();
  }

  async getByPath(path: string): Promise<FileRecord | undefined> {
    return this.ctx.db.selectFrom('files').selectAll().where('path', '=', path).executeTakeFirst();
  }

  async chunks(fileId: string): Promise<FileChunk[]> {
    return this.ctx.db
      .selectFrom('file_chunks')
      .select(['n', 'blob_key', 'size'])
      .where('file_id', '=', fileId)
      .orderBy('n')
      .execute();
  }

  async addChunk(
    fileId: string,
    chunk: FileChunk,
    contentType: string | null,
    now: number,
  ): Promise<boolean> {
    try {
      return await this.ctx.db.transaction().execute(async (trx) => {
        const grown = await trx
          .updateTable('files')
          .set((eb) => ({
            size: eb('size', '+', chunk.size),
            chunks: eb('chunks', '+', 1),
            updated_at: now,
            ...(contentType !== null && { content_type: contentType }),
          }))
          .where('file_id', '=', fileId)
          .where('chunks', '=', chunk.n)
          .where('path', 'is', null)
          .executeTakeFirst();
        if (Number(grown.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('file_chunks')
          .values({ file_id: fileId, ...chunk })
          .execute();
        return true;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async finish(
    fileId: string,
    done: Pick<FileRecord, 'path' | 'hash' | 'size' | 'width' | 'height' | 'thumbnail_key' | 'content_type'>,
    chunks: readonly FileChunk[] | undefined,
  ): Promise<boolean> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const set = await trx
        .updateTable('files')
        .set({ ...done, ...(chunks && { chunks: chunks.length }) })
        .where('file_id', '=', fileId)
        .where('path', 'is', null)
        .executeTakeFirst();
      if (Number(set.numUpdatedRows) !== 1) return false;
      if (chunks) {
        await trx.deleteFrom('file_chunks').where('file_id', '=', fileId).execute();
        if (chunks.length > 0)
          await trx
            .insertInto('file_chunks')
            .values(chunks.map((c) => ({ file_id: fileId, ...c })))
            .execute();
      }
      return true;
    });
  }

  async listAbandoned(before: number, limit: number): Promise<FileRecord[]> {
    return this.ctx.db
      .selectFrom('files')
      .selectAll()
      .where('path', 'is', null)
      .where('updated_at', '<', before)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
  }

  async listFinishedBefore(before: number, limit: number): Promise<string[]> {
    const rows = await this.ctx.db
      .selectFrom('files')
      .select('file_id')
      .where('path', 'is not', null)
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.file_id);
  }

  async listIds(afterId: string, limit: number): Promise<string[]> {
    const rows = await this.ctx.db
      .selectFrom('files')
      .select('file_id')
      .where('file_id', '>', afterId)
      .orderBy('file_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.file_id);
  }

  async delete(fileId: string): Promise<boolean> {
    return this.ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('file_chunks').where('file_id', '=', fileId).execute();
      const res = await trx.deleteFrom('files').where('file_id', '=', fileId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    });
  }

  async fileOfMessage(mid: number): Promise<string | undefined> {
    const row = await this.ctx.db
      .selectFrom('file_messages')
      .select('file_id')
      .where('mid', '=', mid)
      .executeTakeFirst();
    return row?.file_id;
  }

  async liveReferences(fileId: string): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('file_messages as f')
      .innerJoin('messages as m', 'm.mid', 'f.mid')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('f.file_id', '=', fileId)
      .where('m.deleted_at', 'is', null)
      .executeTakeFirst();
    // A forwarded or saved copy keeps the file too (archive attachments, migration 0023).
    const held = await this.ctx.db
      .selectFrom('archive_attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    return Number(row?.n ?? 0) + Number(held?.n ?? 0);
  }

  async listMessages(filter: FileMessageFilter, offset: number, limit: number): Promise<FileMessageRecord[]> {
    let q = this.ctx.db
      .selectFrom('file_messages as f')
      .innerJoin('messages as m', 'm.mid', 'f.mid')
      .select(['f.mid', 'f.file_id', 'f.from_uid', 'f.gid', 'f.created_at'])
      .where('m.deleted_at', 'is', null);
    if (filter.uid !== undefined) q = q.where('f.from_uid', '=', filter.uid);
    if (filter.gid === 0) q = q.where('f.gid', 'is', null);
    else if (filter.gid !== undefined) q = q.where('f.gid', '=', filter.gid);
    if (filter.since !== undefined) q = q.where('f.created_at', '>=', filter.since);
    return q.orderBy('f.mid', 'desc').offset(offset).limit(limit).execute();
  }

  listReadable(filter: ReadableFileFilter): Promise<ReadableFileRecord[]> {
    return listReadableFiles(this.ctx, filter);
  }
}
