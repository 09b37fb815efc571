/**
 * The history page statement (`GET …/history`), compiled once per dialect and shape and then
 * executed with fresh parameters: building and compiling the Kysely query on every page was pure
 * garbage on the hottest read (issue 9, history p99). On PostgreSQL the text also runs as a named
 * prepared statement (`store/named-statements.ts`), so it is parsed once per connection.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { StoreContext } from '../dialect.js';
import { nameStatement } from '../named-statements.js';
import type { Database } from '../schema.js';

/** The columns a `ChatMessage` is built from (the DM pair and `ref_mid` are for indexes only). */
export const MESSAGE_COLUMNS = ['mid', 'from_uid', 'gid', 'target_uid', 'created_at', 'detail'] as const;

export interface MessageRow {
  mid: number;
  from_uid: number;
  gid: number | null;
  target_uid: number | null;
  created_at: number;
  detail: string;
}

/** A conversation: a channel (`gid`) or the sorted DM pair (`dm_low`, `dm_high`). */
export type Conversation = { gid: number } | { low: number; high: number };

function build(db: Kysely<Database>, group: boolean, withBefore: boolean) {
  // Distinct stand-ins, so the check below can see where each parameter landed.
  let query = db
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where((eb) => (group ? eb('gid', '=', 1) : eb.and([eb('dm_low', '=', 1), eb('dm_high', '=', 2)])));
  if (withBefore) query = query.where('mid', '<', 3);
  return query.orderBy('mid', 'desc').limit(4);
}

const compiled = new Map<string, string>();

function text(ctx: StoreContext, group: boolean, withBefore: boolean): string {
  const key = `${ctx.dialect} ${group} ${withBefore}`;
  let sql = compiled.get(key);
  if (sql === undefined) {
    const query = build(ctx.db, group, withBefore).compile();
    const expected = [1, ...(group ? [] : [2]), ...(withBefore ? [3] : []), 4];
    // `parameters` below relies on this order; a Kysely that compiled otherwise fails here, once.
    if (JSON.stringify(query.parameters) !== JSON.stringify(expected)) {
      throw new Error(
        `history query parameters ${JSON.stringify(query.parameters)}, expected ${JSON.stringify(expected)}`,
      );
    }
    sql = query.sql;
    if (ctx.dialect === 'postgres') nameStatement(sql);
    compiled.set(key, sql);
  }
  return sql;
}

/** The newest `limit` rows of `conversation` below `before` (all when undefined), newest first. */
export async function historyRows(
  ctx: StoreContext,
  conversation: Conversation,
  before: number | undefined,
  limit: number,
): Promise<MessageRow[]> {
  const group = 'gid' in conversation;
  const parameters: number[] = group ? [conversation.gid] : [conversation.low, conversation.high];
  if (before !== undefined) parameters.push(before);
  parameters.push(limit);
  const query = CompiledQuery.raw(text(ctx, group, before !== undefined), parameters);
  const { rows } = await ctx.db.executeQuery<MessageRow>(query);
  return rows;
}
