import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../dialect.js';
import { searchableText } from '../search-text.js';
import { writeSearchRow } from '../kysely/search-index.js';

/**
 * Full-text search over messages (issue 10, docs/search.md).
 * - `message_search`: one row per live message (normal or reply) with its conversation columns
 *   and its current text, so a search joins nothing but the reader's channels.
 * - SQLite: `message_fts`, a contentless FTS5 table (rowid = mid) over the tokens of
 *   `search-text.ts`. PostgreSQL: a `tsv` column built from the same tokens with a GIN index.
 * Existing messages are indexed here, in batches, with the text of their latest edit.
 */
export function messageSearchMigration(dialect: StoreDialect): Migration {
  const midType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<any>) {
      let table = db.schema
        .createTable('message_search')
        .addColumn('mid', midType, (c) => c.primaryKey())
        .addColumn('from_uid', 'integer', (c) => c.notNull())
        .addColumn('gid', 'integer')
        .addColumn('dm_low', 'integer')
        .addColumn('dm_high', 'integer')
        .addColumn('target_uid', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('edited_at', 'bigint');
      if (dialect === 'postgres') table = table.addColumn('tsv', sql`tsvector`, (c) => c.notNull());
      await table.execute();
      if (dialect === 'sqlite') {
        await sql`create virtual table message_fts using fts5(
          body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0'
        )`.execute(db);
      } else {
        await sql`create index message_search_tsv on message_search using gin (tsv)`.execute(db);
      }
      await backfill(db, dialect);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') await sql`drop table message_fts`.execute(db);
      await db.schema.dropTable('message_search').execute();
    },
  };
}

interface Row {
  mid: number;
  from_uid: number;
  gid: number | null;
  dm_low: number | null;
  dm_high: number | null;
  target_uid: number | null;
  created_at: number;
  detail: string;
}

interface Version {
  content_type: string;
  content: string;
  properties?: Record<string, unknown> | null;
}

async function backfill(db: Kysely<any>, dialect: StoreDialect) {
  const batch = 2000;
  for (let after = 0; ;) {
    const rows: Row[] = await db
      .selectFrom('messages')
      .select(['mid', 'from_uid', 'gid', 'dm_low', 'dm_high', 'target_uid', 'created_at', 'detail'])
      .where('mid', '>', after)
      .where('reaction_kind', 'is', null)
      .where('deleted_at', 'is', null)
      .orderBy('mid')
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    const mids = rows.map((r) => Number(r.mid));
    const edits: { ref_mid: number; created_at: number; detail: string }[] = await db
      .selectFrom('messages')
      .select(['ref_mid', 'created_at', 'detail'])
      .where('reaction_kind', '=', 'edit')
      .where('ref_mid', 'in', mids)
      .orderBy('mid')
      .execute();
    const latest = new Map<number, { at: number; version: Version }>();
    for (const edit of edits) {
      const detail = JSON.parse(edit.detail) as { detail: Version };
      latest.set(Number(edit.ref_mid), { at: Number(edit.created_at), version: detail.detail });
    }
    for (const row of rows) {
      const mid = Number(row.mid);
      const edit = latest.get(mid);
      const version = edit?.version ?? (JSON.parse(row.detail) as Version);
      await writeSearchRow(db, dialect, {
        mid,
        from_uid: row.from_uid,
        gid: row.gid,
        dm_low: row.dm_low,
        dm_high: row.dm_high,
        target_uid: row.target_uid,
        created_at: Number(row.created_at),
        content_type: version.content_type,
        content: searchableText(version),
        edited_at: edit?.at ?? null,
      });
    }
    after = mids[mids.length - 1]!;
  }
}
