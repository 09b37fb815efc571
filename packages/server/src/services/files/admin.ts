/** Administrators' file screens: the list of file messages (API.md §3, §15.7) and clearing all files. */
import type { AdminFile, AdminFilesQuery } from '@parley/protocol';
import type { Actor, Ctx } from '../../context.js';
import { requireFileAdmin } from '../../policy/files.js';
import type { FileRecord } from '../../store/types.js';
import { record } from '../audit.js';
import { discard } from './upload.js';

const DAY = 86_400_000;
const DAYS = { Day1: 1, Day7: 7, Day30: 30, Day90: 90, Day180: 180 } as const;

function kindOf(contentType: string): NonNullable<AdminFilesQuery['file_type']> {
  if (contentType.startsWith('image/')) return 'Image';
  if (contentType.startsWith('audio/')) return 'Audio';
  if (contentType.startsWith('video/')) return 'Video';
  if (contentType === 'application/pdf') return 'PDF';
  return 'Doc';
}

export async function listFiles(ctx: Ctx, actor: Actor, q: AdminFilesQuery): Promise<AdminFile[]> {
  requireFileAdmin(actor);
  const pageSize = q.page_size ?? 100;
  const skip = ((q.page ?? 1) - 1) * pageSize;
  const filter = {
    ...(q.uid !== undefined && { uid: q.uid }),
    ...(q.gid !== undefined && { gid: q.gid }),
    ...(q.creation_time_type && { since: ctx.now() - DAYS[q.creation_time_type] * DAY }),
  };
  const out: AdminFile[] = [];
  let skipped = 0;
  // The type filter reads each file's row, so pages are filled batch by batch.
  for (let offset = 0; out.length < pageSize; offset += 500) {
    const batch = await ctx.store.files.listMessages(filter, offset, 500);
    for (const m of batch) {
      const file = await ctx.store.files.get(m.file_id);
      const type = file?.content_type ?? 'application/octet-stream';
      if (q.file_type && kindOf(type) !== q.file_type) continue;
      if (skipped++ < skip) continue;
      out.push(row(m, file, type));
      if (out.length === pageSize) break;
    }
    if (batch.length < 500) break;
  }
  return out;
}

function row(
  m: { mid: number; from_uid: number; gid: number | null; created_at: number },
  file: FileRecord | undefined,
  contentType: string,
): AdminFile {
  const name = file?.filename ?? '';
  const dot = name.lastIndexOf('.');
  const path = file?.path ?? '';
  return {
    mid: m.mid,
    from_uid: m.from_uid,
    gid: m.gid ?? 0,
    ext: dot > 0 ? name.slice(dot + 1).toLowerCase() : '',
    content_type: contentType,
    content: path,
    // The client shows `thumbnail || content`; a thumbnail is the file's path with thumbnail=true.
    thumbnail: '',
    properties: JSON.stringify({ name, content_type: contentType, size: file?.size ?? 0 }),
    created_at: m.created_at,
    expired: !file?.path,
  };
}

/**
 * Deletes every stored file (the data-management page's "clear files"). The audit entry is written
 * first: the deletions (a row and its blobs per file, in batches) are not one transaction, so an
 * entry that cannot be written stops the clear before anything is deleted.
 */
export async function deleteAllFiles(ctx: Ctx, actor: Actor): Promise<void> {
  requireFileAdmin(actor);
  await record(ctx, actor, 'data.clear_files', null, 'every file');
  for (let after = ''; ;) {
    const ids = await ctx.store.files.listIds(after, 200);
    for (const id of ids) await discard(ctx, id);
    if (ids.length < 200) return;
    after = ids[ids.length - 1]!;
  }
}
