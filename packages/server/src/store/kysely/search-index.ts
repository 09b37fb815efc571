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
  for (const [i, message] of messages.entries()) {
    const detail: MessageDetail = message.detail;
    const mid = mids[i]!;
    if (detail.type === 'reaction') {
      if (detail.detail.type === 'edit') {
        await editSearchRow(db, dialect, detail.mid, detail.detail, message.created_at);
      } else if (detail.detail.type === 'delete') {
        await removeSearchRow(db, dialect, detail.mid);
      }
      continue;
    }
    const { target } = message;
    const isGroup = 'gid' in target;
    await writeSearchRow(db, dialect, {
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
}
