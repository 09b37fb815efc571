/**
 * The tables of links mailed for one use (`magic_tokens`, `email_changes`): a row is found by the
 * token's hash, spent at most once and swept once expired. Their stores differ only in what else
 * a row carries, so the spending and sweeping queries live here once.
 */
import type { StoreContext } from '../dialect.js';

type SingleUseTable = 'magic_tokens' | 'email_changes';

/** PostgreSQL returns `bigint` columns as strings; the records carry numbers. */
export const linkTimes = (row: { created_at: unknown; expires_at: unknown; spent_at: unknown }) => ({
  created_at: Number(row.created_at),
  expires_at: Number(row.expires_at),
  spent_at: row.spent_at === null ? null : Number(row.spent_at),
});

/** One conditional UPDATE: of two concurrent uses only one wins, and never after expiry. */
export async function spendLink(
  ctx: StoreContext,
  table: SingleUseTable,
  tokenHash: string,
  now: number,
): Promise<boolean> {
  const result = await ctx.db
    .updateTable(table)
    .set({ spent_at: now })
    .where('token_hash', '=', tokenHash)
    .where('spent_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the rows expired before `before`; returns how many. */
export async function deleteExpiredLinks(
  ctx: StoreContext,
  table: SingleUseTable,
  before: number,
): Promise<number> {
  const result = await ctx.db.deleteFrom(table).where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
