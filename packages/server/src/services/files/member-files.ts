/**
 * The member Files screen (Parley extension, docs/api.md "Files screen"): the files of messages the
 * caller may read, newest first. The store's query restricts rows to what the caller may read; a
 * channel filter the caller may not read is refused as the channel's history is.
 */
import type { MemberFile, MemberFilesPage, MemberFilesQuery } from '@parley/protocol';
import type { Actor, Ctx } from '../../context.js';
import { loadReadable } from '../../policy/index.js';
import type { ReadableFileRecord } from '../../store/types.js';

export const MEMBER_FILES_DEFAULT_LIMIT = 50;

export async function listMemberFiles(ctx: Ctx, actor: Actor, q: MemberFilesQuery): Promise<MemberFilesPage> {
  if (q.gid !== undefined) await loadReadable(ctx, actor, q.gid);
  const limit = q.limit ?? MEMBER_FILES_DEFAULT_LIMIT;
  const rows = await ctx.store.files.listReadable({
    uid: actor.uid,
    from: q.from,
    gid: q.gid,
    dmWith: q.uid,
    kind: q.kind,
    name: q.q,
    beforeMid: q.before,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    files: page.map((r) => toFile(actor.uid, r)),
    next_before: rows.length > limit ? page[page.length - 1]!.mid : null,
  };
}

function toFile(reader: number, r: ReadableFileRecord): MemberFile {
  const target =
    r.gid !== null
      ? { gid: r.gid }
      : { uid: r.dm_low === reader ? (r.dm_high ?? reader) : (r.dm_low ?? reader) };
  return {
    mid: r.mid,
    from_uid: r.from_uid,
    created_at: r.created_at,
    target,
    name: r.filename ?? '',
    content_type: r.content_type ?? 'application/octet-stream',
    size: r.size ?? 0,
    path: r.path ?? '',
    thumbnail: r.thumbnail_key !== null,
    expired: r.path === null,
  };
}
