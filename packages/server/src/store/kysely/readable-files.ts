import { sql, type RawBuilder } from 'kysely';
import type { StoreContext } from '../dialect.js';
import type { ReadableFileFilter, ReadableFileRecord } from '../types.js';

const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `);

/** The stored type; a file that is gone has none (it counts as "other"). */
const ct = sql`coalesce(fl.content_type, '')`;

/** Document types: PDF, plain text and the office formats. */
const DOC = sql`(${ct} = 'application/pdf' or ${ct} like 'text/%' or ${ct} = 'application/msword'
  or ${ct} = 'application/rtf' or ${ct} like 'application/vnd.openxmlformats-officedocument.%'
  or ${ct} like 'application/vnd.ms-%' or ${ct} like 'application/vnd.oasis.opendocument.%')`;

const KIND: Record<NonNullable<ReadableFileFilter['kind']>, RawBuilder<unknown>> = {
  image: sql`${ct} like 'image/%'`,
  video: sql`${ct} like 'video/%'`,
  audio: sql`${ct} like 'audio/%'`,
  doc: DOC,
  other: sql`not (${ct} like 'image/%' or ${ct} like 'video/%' or ${ct} like 'audio/%' or ${DOC})`,
};

/** `%`, `_` and the escape character itself, escaped with `!` for LIKE. */
const likeEscape = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);

interface Row extends Omit<ReadableFileRecord, 'mid' | 'created_at' | 'size'> {
  mid: number | string;
  created_at: number | string;
  size: number | string | null;
}

/**
 * The member Files screen's query (docs/api.md "Files screen"): file messages that are not deleted,
 * restricted in the same statement to what the reader may read, as search is (public channels,
 * private channels they are a member of, DMs they are a party of).
 */
export async function listReadableFiles(
  ctx: StoreContext,
  f: ReadableFileFilter,
): Promise<ReadableFileRecord[]> {
  if (f.limit <= 0) return [];
  const pg = ctx.dialect === 'postgres';
  const isPublic = pg ? sql`g.is_public` : sql`g.is_public = 1`;
  const where: RawBuilder<unknown>[] = [
    sql`m.deleted_at is null`,
    sql`(
      (m.gid is not null and (
        m.gid in (select g.gid from groups g where ${isPublic})
        or m.gid in (select gm.gid from group_members gm where gm.uid = ${f.uid})
      ))
      or m.dm_low = ${f.uid} or m.dm_high = ${f.uid}
    )`,
  ];
  if (f.from !== undefined) where.push(sql`m.from_uid = ${f.from}`);
  if (f.gid !== undefined) where.push(sql`m.gid = ${f.gid}`);
  if (f.dmWith !== undefined) {
    where.push(sql`m.dm_low = ${Math.min(f.uid, f.dmWith)} and m.dm_high = ${Math.max(f.uid, f.dmWith)}`);
  }
  if (f.kind) where.push(KIND[f.kind]);
  if (f.name !== undefined) {
    where.push(sql`lower(fl.filename) like ${`%${likeEscape(f.name.toLowerCase())}%`} escape '!'`);
  }
  if (f.beforeMid !== undefined) where.push(sql`f.mid < ${f.beforeMid}`);
  const { rows } = await sql<Row>`select f.mid, m.from_uid, m.gid, m.dm_low, m.dm_high, f.created_at,
      fl.filename, fl.content_type, fl.size, fl.path, fl.thumbnail_key
    from file_messages f
    join messages m on m.mid = f.mid
    left join files fl on fl.file_id = f.file_id
    where ${and(where)}
    order by f.mid desc limit ${f.limit}`.execute(ctx.db);
  return rows.map((r) => ({
    ...r,
    mid: Number(r.mid),
    created_at: Number(r.created_at),
    size: r.size === null ? null : Number(r.size),
  }));
}
