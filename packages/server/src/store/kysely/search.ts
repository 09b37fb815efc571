import { sql, type RawBuilder } from 'kysely';
import type { StoreContext } from '../dialect.js';
import { ftsMatch, tsQuery } from '../search-text.js';
import type { SearchFilter, SearchRecord, SearchStore } from '../types.js';

interface Row {
  mid: number;
  from_uid: number;
  gid: number | null;
  target_uid: number | null;
  created_at: number;
  content_type: string;
  content: string;
  edited_at: number | null;
}

const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `);

/**
 * Full-text search (docs/search.md): SQLite's FTS5 table `message_fts` or PostgreSQL's `tsv`
 * column, joined to `message_search` and restricted, in the same statement, to what the reader
 * may read: public channels, private channels they are a member of (a removed member or a deleted
 * channel has no row in `group_members`), and DMs they are a party of.
 */
export class KyselySearchStore implements SearchStore {
  constructor(private readonly ctx: StoreContext) {}

  async search(f: SearchFilter): Promise<SearchRecord[]> {
    if (f.terms.length === 0 || f.limit <= 0) return [];
    const pg = this.ctx.dialect === 'postgres';
    const isPublic = pg ? sql`g.is_public` : sql`g.is_public = 1`;
    const readable = sql`(
      (s.gid is not null and (
        s.gid in (select g.gid from groups g where ${isPublic})
        or s.gid in (select gm.gid from group_members gm where gm.uid = ${f.uid})
      ))
      or s.dm_low = ${f.uid} or s.dm_high = ${f.uid}
    )`;
    const where: RawBuilder<unknown>[] = [readable];
    if (f.from !== undefined) where.push(sql`s.from_uid = ${f.from}`);
    if (f.gid !== undefined) where.push(sql`s.gid = ${f.gid}`);
    if (f.dmWith !== undefined) {
      where.push(sql`s.dm_low = ${Math.min(f.uid, f.dmWith)} and s.dm_high = ${Math.max(f.uid, f.dmWith)}`);
    }
    if (f.contentTypes) {
      where.push(sql`s.content_type in (${sql.join(f.contentTypes.map((t) => sql`${t}`))})`);
    }
    if (f.after !== undefined) where.push(sql`s.created_at >= ${f.after}`);
    if (f.before !== undefined) where.push(sql`s.created_at < ${f.before}`);
    const columns = sql`s.mid, s.from_uid, s.gid, s.target_uid, s.created_at, s.content_type, s.content, s.edited_at`;
    let query;
    if (pg) {
      if (f.beforeMid !== undefined) where.push(sql`s.mid < ${f.beforeMid}`);
      query = sql<Row>`select ${columns} from message_search s
        where s.tsv @@ cast(${tsQuery(f.terms)} as tsquery) and ${and(where)}
        order by s.mid desc limit ${f.limit}`;
    } else {
      const bound = f.beforeMid !== undefined ? sql`and f.rowid < ${f.beforeMid}` : sql``;
      query = sql<Row>`select ${columns} from message_fts f join message_search s on s.mid = f.rowid
        where message_fts match ${ftsMatch(f.terms)} ${bound} and ${and(where)}
        order by f.rowid desc limit ${f.limit}`;
    }
    const { rows } = await query.execute(this.ctx.db);
    return rows.map((r) => ({
      mid: Number(r.mid),
      from_uid: r.from_uid,
      target: r.gid !== null ? { gid: r.gid } : { uid: r.target_uid ?? 0 },
      created_at: Number(r.created_at),
      content_type: r.content_type,
      content: r.content,
      edited_at: r.edited_at === null ? null : Number(r.edited_at),
    }));
  }
}
