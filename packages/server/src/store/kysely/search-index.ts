/**
 * Keeping the search index right (docs/search.md): written in the transaction that inserts the
 * records, so a committed message is findable, an edit is found by its new text only and a
 * deleted message is gone from the index as soon as the delete commits.
 */
import type { MessageDetail } from '@parley/protocol';
import { sql, type Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';
import type { NewMessage } from '../types.js';
import type { Database } from '../schema.js';
import { indexTokens, searchableText, tsVector } from '../search-text.js';
import { insertRows } from './sqlite-inserts.js';

export interface SearchRow {
  mid: number;
  from_uid: number;
  gid: number | null;
  dm_low: number | null;
  dm_high: number | null;
  target_uid: number | null;
  created_at: number;
  content_type: string;
  /** The text that is indexed and shown in snippets. */
  content: string;
  edited_at: number | null;
}

/** Inserts a message's row and its tokens. */
export async function writeSearchRow(
  db: Kysely<Database>,
  dialect: StoreDialect,
  row: SearchRow,
): Promise<void> {
  const tokens = indexTokens(row.content);
  const cols = sql`mid, from_uid, gid, dm_low, dm_high, target_uid, created_at, content_type, content, edited_at`;
  const values = sql`${row.mid}, ${row.from_uid}, ${row.gid}, ${row.dm_low}, ${row.dm_high}, ${row.target_uid},
    ${row.created_at}, ${row.content_type}, ${row.content}, ${row.edited_at}`;
  if (dialect === 'postgres') {
    await sql`insert into message_search (${cols}, tsv) values (${values}, cast(${tsVector(tokens)} as tsvector))`.execute(
      db,
    );
    return;
  }
  await sql`insert into message_search (${cols}) values (${values})`.execute(db);
  if (tokens.length > 0) {
    await sql`insert into message_fts (rowid, body) values (${row.mid}, ${tokens.join(' ')})`.execute(db);
  }
}

async function removeSearchRow(db: Kysely<Database>, dialect: StoreDialect, mid: number): Promise<void> {
  if (dialect === 'sqlite') await sql`delete from message_fts where rowid = ${mid}`.execute(db);
  await sql`delete from message_search where mid = ${mid}`.execute(db);
}

async function editSearchRow(
  db: Kysely<Database>,
  dialect: StoreDialect,
  mid: number,
  version: { content_type: string; content: string; properties: Record<string, unknown> | null },
  at: number,
): Promise<void> {
  const content = searchableText(version);
  const tokens = indexTokens(content);
  if (dialect === 'postgres') {
    await sql`update message_search set content_type = ${version.content_type}, content = ${content},
      edited_at = ${at}, tsv = cast(${tsVector(tokens)} as tsvector) where mid = ${mid}`.execute(db);
    return;
  }
  await sql`update message_search set content_type = ${version.content_type}, content = ${content},
    edited_at = ${at} where mid = ${mid}`.execute(db);
  await sql`delete from message_fts where rowid = ${mid}`.execute(db);
  if (tokens.length > 0) {
    await sql`insert into message_fts (rowid, body) values (${mid}, ${tokens.join(' ')})`.execute(db);
  }
}

/** Applies what each inserted record means for the index, in input order. */
export async function indexRecords(
  db: Kysely<Database>,
  dialect: StoreDialect,
  messages: readonly NewMessage[],
  mids: readonly number[],
): Promise<void> {
  // New messages' rows go in together (one statement per table for the batch); an edit or a
  // delete further on may concern one of them, so what is pending is written before it.
  let pending: SearchRow[] = [];
  const flush = async () => {
    await writeSearchRows(db, dialect, pending);
    pending = [];
  };
  for (const [i, message] of messages.entries()) {
    const detail: MessageDetail = message.detail;
    const mid = mids[i]!;
    if (detail.type === 'reaction') {
      if (detail.detail.type === 'edit') {
        await flush();
        await editSearchRow(db, dialect, detail.mid, detail.detail, message.created_at);
      } else if (detail.detail.type === 'delete') {
        await flush();
        await removeSearchRow(db, dialect, detail.mid);
      }
      continue;
    }
    const { target } = message;
    const isGroup = 'gid' in target;
    pending.push({
      mid,
      from_uid: message.from_uid,
      gid: isGroup ? target.gid : null,
      dm_low: isGroup ? null : Math.min(message.from_uid, target.uid),
      dm_high: isGroup ? null : Math.max(message.from_uid, target.uid),
      target_uid: isGroup ? null : target.uid,
      created_at: message.created_at,
      content_type: detail.content_type,
      content: searchableText(detail),
      edited_at: null,
    });
  }
  await flush();
}

const SEARCH_COLUMNS = [
  'mid',
  'from_uid',
  'gid',
  'dm_low',
  'dm_high',
  'target_uid',
  'created_at',
  'content_type',
  'content',
  'edited_at',
] as const;

/** `writeSearchRows` on SQLite: the same two statements, without Kysely's builder (`sqlite-inserts.ts`). */
async function writeSqliteSearchRows(db: Kysely<Database>, rows: readonly SearchRow[]) {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const fts: { rowid: number; body: string }[] = [];
    for (const row of chunk) {
      const tokens = indexTokens(row.content);
      if (tokens.length > 0) fts.push({ rowid: row.mid, body: tokens.join(' ') });
    }
    await insertRows(db, 'message_search', SEARCH_COLUMNS, chunk);
    await insertRows(db, 'message_fts', ['rowid', 'body'], fts);
  }
}

/** Rows per statement: well below SQLite's 32,766 parameters at 11 per row. */
const ROWS_PER_STATEMENT = 500;

/** `writeSearchRow` for many rows, one statement per table and up to `ROWS_PER_STATEMENT` rows. */
async function writeSearchRows(db: Kysely<Database>, dialect: StoreDialect, rows: readonly SearchRow[]) {
  if (dialect === 'sqlite') return writeSqliteSearchRows(db, rows);
  if (rows.length === 1) return writeSearchRow(db, dialect, rows[0]!);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const cols = sql`mid, from_uid, gid, dm_low, dm_high, target_uid, created_at, content_type, content, edited_at`;
    const tuples = chunk.map((row) => {
      const values = sql`${row.mid}, ${row.from_uid}, ${row.gid}, ${row.dm_low}, ${row.dm_high}, ${row.target_uid},
        ${row.created_at}, ${row.content_type}, ${row.content}, ${row.edited_at}`;
      return dialect === 'postgres'
        ? sql`(${values}, cast(${tsVector(indexTokens(row.content))} as tsvector))`
        : sql`(${values})`;
    });
    if (dialect === 'postgres') {
      await sql`insert into message_search (${cols}, tsv) values ${sql.join(tuples)}`.execute(db);
      continue;
    }
    await sql`insert into message_search (${cols}) values ${sql.join(tuples)}`.execute(db);
    const fts = chunk
      .map((row) => ({ mid: row.mid, tokens: indexTokens(row.content) }))
      .filter((r) => r.tokens.length > 0)
      .map((r) => sql`(${r.mid}, ${r.tokens.join(' ')})`);
    if (fts.length > 0) await sql`insert into message_fts (rowid, body) values ${sql.join(fts)}`.execute(db);
  }
}
