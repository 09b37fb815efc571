/**
 * Finding what `GET /resource/file` serves (API.md §7.2). The path is only ever a database key:
 * it is checked against the shape the server makes and looked up; storage keys come from the row.
 */
import type { FileQuery } from '@parley/protocol';
import type { Ctx } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import type { FileChunk } from '../../store/types.js';
import { servedInline } from './content-types.js';

export interface StoredFile {
  size: number;
  contentType: string;
  etag: string;
  filename: string;
  attachment: boolean;
  /** The stored pieces, in order; a thumbnail is one piece. */
  chunks: FileChunk[];
}

const PATH = /^\d{4}\/\d{1,2}\/\d{1,2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** 400 for an empty path or one with a dot (the contract's rule), 404 for any other unknown path. */
export function checkFilePath(path: string): void {
  if (path === '' || path.includes('.')) throw badRequest('invalid file_path');
  if (!PATH.test(path)) throw notFound('no such file');
}

export async function findFile(ctx: Ctx, q: FileQuery): Promise<StoredFile> {
  checkFilePath(q.file_path);
  const file = await ctx.store.files.getByPath(q.file_path);
  if (!file?.hash || !file.content_type) throw notFound('no such file');
  const named = { filename: file.filename, etag: `"${file.hash}"` };
  if (q.thumbnail && file.thumbnail_key) {
    const ext = file.thumbnail_key.endsWith('.png') ? 'png' : 'jpeg';
    const data = await ctx.blobs.get(file.thumbnail_key);
    if (!data) throw notFound('no such file');
    return {
      ...named,
      etag: `"${file.hash}-thumbnail"`,
      size: data.length,
      contentType: `image/${ext}`,
      attachment: Boolean(q.download),
      chunks: [{ n: 0, blob_key: file.thumbnail_key, size: data.length }],
    };
  }
  // Only images have thumbnails; a GIF's is the GIF itself.
  if (q.thumbnail && !file.content_type.startsWith('image/')) throw notFound('no thumbnail');
  return {
    ...named,
    size: file.size,
    contentType: file.content_type,
    attachment: Boolean(q.download) || !servedInline(file.content_type),
    chunks: await ctx.store.files.chunks(file.file_id),
  };
}
