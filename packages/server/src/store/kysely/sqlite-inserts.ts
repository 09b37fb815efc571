/**
 * A batch's multi-row inserts on SQLite, with the SQL text written once per table and row count
 * and the values passed as one flat parameter list. Kysely's builder made a frozen node for every
 * value of every row and compiled the tree again on each batch; at 64 senders that ran for every
 * send, three times (`messages`, `message_search`, `message_fts`), on the event loop (issue 9,
 * "Where a send's CPU goes"). The statements are the same as before, in the same transaction.
 */
import { CompiledQuery, type Kysely } from 'kysely';

/** Texts by table, column list, row count and returning column; a batch holds at most 500 rows. */
const texts = new Map<string, string>();
const MAX_TEXTS = 4096;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `insert into "t" ("a", "b") values (?, ?), (?, ?) [returning "r"]` for `rows` rows. */
export function insertText(
  table: string,
  columns: readonly string[],
  rows: number,
  returning?: string,
): string {
  const key = `${table}\u0000${columns.join('\u0000')}\u0000${rows}\u0000${returning ?? ''}`;
  let text = texts.get(key);
  if (text === undefined) {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    text =
      `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ` +
      Array.from({ length: rows }, () => tuple).join(', ') +
      (returning ? ` returning ${quote(returning)}` : '');
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(key, text);
  }
  return text;
}

/** Inserts `rows`, each giving a value for every one of `columns`, and returns what `returning` asks for. */
export async function insertRows<R = unknown, DB = unknown, Row extends object = object>(
  db: Kysely<DB>,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
  returning?: string,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const params: unknown[] = [];
  for (const row of rows) for (const column of columns) params.push(row[column]);
  const result = await db.executeQuery<R>(
    CompiledQuery.raw(insertText(table, columns, rows.length, returning), params),
  );
  return result.rows;
}
