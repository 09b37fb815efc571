import type { ChatMessage, MessageDetail } from '@parley/protocol';
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { HistoryPage, MessageStore, NewMessage, RetentionScope } from '../types.js';
import { atomic, inList, valuesTable, withCursorLock, type StoreContext } from '../dialect.js';
import { TargetGoneError } from '../errors.js';
import { indexRecords } from './search-index.js';
import { linkFileMessages } from './file-links.js';
import { insertRows } from './sqlite-inserts.js';
import type { Database } from '../schema.js';
import { historyRows, MESSAGE_COLUMNS, type Conversation, type MessageRow } from './history-query.js';

/** Rows per SQLite insert: 10 parameters each, far below SQLite's 32,766. */
const SQLITE_ROWS_PER_INSERT = 500;

const COLUMNS = MESSAGE_COLUMNS;

function toMessage(row: MessageRow): ChatMessage {
  return {
    mid: row.mid,
    from_uid: row.from_uid,
    created_at: row.created_at,
    target: row.gid !== null ? { gid: row.gid } : { uid: row.target_uid ?? 0 },
    detail: JSON.parse(row.detail) as MessageDetail,
  };
}

/** The columns `toRow` fills, in its order: the SQLite insert's column list. */
const INSERT_COLUMNS = [
  'from_uid',
  'gid',
  'dm_low',
  'dm_high',
  'target_uid',
  'created_at',
  'detail',
  'ref_mid',
  'reaction_kind',
  'expires_at',
] as const;

function toRow(message: NewMessage) {
  const { target, detail } = message;
  const isGroup = 'gid' in target;
  return {
    from_uid: message.from_uid,
    gid: isGroup ? target.gid : null,
    dm_low: isGroup ? null : Math.min(message.from_uid, target.uid),
    dm_high: isGroup ? null : Math.max(message.from_uid, target.uid),
    target_uid: isGroup ? null : target.uid,
    created_at: message.created_at,
    detail: JSON.stringify(detail),
    ref_mid: detail.type === 'normal' ? null : detail.mid,
    reaction_kind: detail.type === 'reaction' ? detail.detail.type : null,
    expires_at:
      detail.type === 'normal' && detail.expires_in ? message.created_at + detail.expires_in * 1000 : null,
  };
}

/** A message is a normal or reply record; reactions are not messages. */
const isLiveMessage = (eb: ExpressionBuilder<Database, 'messages'>) =>
  eb.and([eb('reaction_kind', 'is', null), eb('deleted_at', 'is', null)]);

/** The detail of a deleted message or of one of its edits: same shape, no text, no properties. */
function erased(detail: MessageDetail): MessageDetail {
  switch (detail.type) {
    case 'normal':
    case 'reply':
      return { ...detail, properties: null, content: '' };
    case 'reaction':
      return detail.detail.type === 'edit'
        ? { ...detail, detail: { ...detail.detail, properties: null, content: '' } }
        : detail;
  }
}

/**
 * Checks, inside the inserting transaction, that each reply or reaction points at a live message,
 * and applies what a delete record means: its target and the target's edits lose their text.
 * In input order, so a like after a delete of the same message in one batch fails.
 */
async function applyReferences(ctx: StoreContext, messages: readonly NewMessage[]) {
  for (const { detail, created_at } of messages) {
    if (detail.type === 'normal') continue;
    const target = await ctx.db
      .selectFrom('messages')
      .select(['mid', 'detail'])
      .where('mid', '=', detail.mid)
      .where(isLiveMessage)
      .executeTakeFirst();
    if (!target) throw new TargetGoneError(detail.mid);
    if (detail.type !== 'reaction' || detail.detail.type !== 'delete') continue;
    await ctx.db
      .updateTable('messages')
      .set({
        deleted_at: created_at,
        detail: JSON.stringify(erased(JSON.parse(target.detail) as MessageDetail)),
      })
      .where('mid', '=', target.mid)
      .execute();
    const edits = await ctx.db
      .selectFrom('messages')
      .select(['mid', 'detail'])
      .where('ref_mid', '=', target.mid)
      .where('reaction_kind', '=', 'edit')
      .execute();
    for (const edit of edits) {
      await ctx.db
        .updateTable('messages')
        .set({ detail: JSON.stringify(erased(JSON.parse(edit.detail) as MessageDetail)) })
        .where('mid', '=', edit.mid)
        .execute();
    }
  }
}

type Where = (eb: ExpressionBuilder<Database, 'messages'>) => Expression<SqlBool>;

/**
 * Chat records: messages, replies and reactions in one table and one global `mid` sequence.
 * A record is either a channel record (`gid`) or a DM (`dm_low`/`dm_high`, the sorted pair,
 * plus `target_uid`, the recipient as the sender addressed it).
 */
export class KyselyMessageStore implements MessageStore {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * Mids are allocated in commit order (`withCursorLock`); otherwise a stream resuming from
   * `after_mid=11` could skip a 10 that committed after 11 was seen.
   */
  async insert(message: NewMessage): Promise<ChatMessage> {
    const [inserted] = await this.insertMany([message]);
    return inserted!;
  }

  async insertMany(messages: readonly NewMessage[]): Promise<ChatMessage[]> {
    if (messages.length === 0) return [];
    const rows = messages.map(toRow);
    // One transaction on both databases: one commit (one fsync) for the batch, all or nothing.
    const mids = await atomic(this.ctx, (tx) =>
      withCursorLock(tx, 'messages', async (ctx) => {
        await applyReferences(ctx, messages);
        if (ctx.dialect === 'sqlite') {
          // One statement per chunk of rows: each statement is a round trip to the writer thread
          // (sqlite-driver.ts). The transaction holds the only write connection and AUTOINCREMENT
          // numbers the rows in VALUES order, so the returned mids, sorted, are the input order.
          const out: number[] = [];
          for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_INSERT) {
            const returned = await insertRows<{ mid: number }, Database, (typeof rows)[number]>(
              ctx.db,
              'messages',
              INSERT_COLUMNS,
              rows.slice(start, start + SQLITE_ROWS_PER_INSERT),
              'mid',
            );
            out.push(...returned.map((r) => r.mid).sort((a, b) => a - b));
          }
          await indexRecords(ctx.db, ctx.dialect, messages, out);
          await linkFileMessages(ctx.db, messages, out);
          return out;
        }
        // One round trip for the ids and one for the rows, whatever the batch size. The ids are
        // taken under the cursor lock and assigned in ascending order, so input order is mid order.
        const taken = await sql<{ mid: number }>`
        select nextval(pg_get_serial_sequence('messages', 'mid')) as mid from generate_series(1, ${rows.length})
      `.execute(ctx.db);
        const ids = taken.rows.map((r) => Number(r.mid)).sort((a, b) => a - b);
        await ctx.db
          .insertInto('messages')
          .values(rows.map((values, i) => ({ ...values, mid: ids[i]! })))
          .execute();
        await indexRecords(ctx.db, ctx.dialect, messages, ids);
        await linkFileMessages(ctx.db, messages, ids);
        return ids;
      }),
    );
    return messages.map((message, i) => ({
      mid: mids[i]!,
      from_uid: message.from_uid,
      created_at: message.created_at,
      target: 'gid' in message.target ? { gid: message.target.gid } : { uid: message.target.uid },
      // What `get` will return, also when the caller's object held values JSON cannot carry.
      detail: JSON.parse(rows[i]!.detail) as MessageDetail,
    }));
  }

  async get(mid: number): Promise<ChatMessage | undefined> {
    const row = await this.ctx.db
      .selectFrom('messages')
      .select(COLUMNS)
      .where('mid', '=', mid)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  async getLive(mid: number): Promise<ChatMessage | undefined> {
    const row = await this.ctx.db
      .selectFrom('messages')
      .select(COLUMNS)
      .where('mid', '=', mid)
      .where(isLiveMessage)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  async versions(mid: number): Promise<ChatMessage[]> {
    const message = await this.getLive(mid);
    if (!message) return [];
    const edits = await this.ctx.db
      .selectFrom('messages')
      .select(COLUMNS)
      .where('ref_mid', '=', mid)
      .where('reaction_kind', '=', 'edit')
      .orderBy('mid')
      .execute();
    return [message, ...edits.map(toMessage)];
  }

  groupHistory(gid: number, page: HistoryPage): Promise<ChatMessage[]> {
    return this.history({ gid }, page);
  }

  dmHistory(a: number, b: number, page: HistoryPage): Promise<ChatMessage[]> {
    const [low, high] = a <= b ? [a, b] : [b, a];
    return this.history({ low, high }, page);
  }

  private async history(conversation: Conversation, { before, limit }: HistoryPage): Promise<ChatMessage[]> {
    if (limit <= 0) return [];
    const rows = await historyRows(this.ctx, conversation, before, limit);
    return rows.reverse().map(toMessage);
  }

  /**
   * One statement, three index-driven branches (the channels, the DMs where `uid` is the lower
   * and where it is the higher of the pair), each stopping at `limit`, merged by mid.
   */
  async listForUser(
    uid: number,
    gids: readonly number[],
    afterMid: number,
    limit: number,
  ): Promise<ChatMessage[]> {
    if (limit <= 0) return [];
    const branch = (where: Where) =>
      this.ctx.db
        .selectFrom((eb) =>
          eb
            .selectFrom('messages')
            .select(COLUMNS)
            .where(where)
            .where('mid', '>', afterMid)
            .orderBy('mid')
            .limit(limit)
            .as('b'),
        )
        .selectAll();
    let query = branch((eb) => eb('dm_low', '=', uid)).unionAll(
      branch((eb) => eb.and([eb('dm_high', '=', uid), eb('dm_low', '<>', uid)])),
    );
    if (gids.length > 0) query = query.unionAll(branch((eb) => inList(this.ctx, eb.ref('gid'), gids)));
    const rows = await query.orderBy('mid').limit(limit).execute();
    return rows.map(toMessage);
  }

  /**
   * Reads, per conversation, only what it returns through the `(conversation, mid)` indexes, so
   * the cost follows the answer, not the length of the histories: first each conversation's
   * floor (the mid of its `per`-th newest live message, one short backwards scan of a partial
   * index), then its records from there on.
   */
  async recentForUser(uid: number, gids: readonly number[], perConversation: number): Promise<ChatMessage[]> {
    if (perConversation <= 0) return [];
    const { rows } = await recentQuery(this.ctx, uid, gids, perConversation).execute(this.ctx.db);
    return rows.map(toMessage);
  }

  async maxMid(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.max('mid').as('m'))
      .executeTakeFirst();
    return Number(row?.m ?? 0);
  }

  async previousMid(mid: number): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('messages')
      .select('mid')
      .where('mid', '<', mid)
      .orderBy('mid', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.mid ?? 0;
  }

  async listRange(afterMid: number, throughMid: number, limit: number): Promise<ChatMessage[]> {
    const rows = await this.ctx.db
      .selectFrom('messages')
      .select(COLUMNS)
      .where('mid', '>', afterMid)
      .where('mid', '<=', throughMid)
      .orderBy('mid')
      .limit(limit)
      .execute();
    return rows.map(toMessage);
  }

  async clearAll(): Promise<number> {
    return atomic(this.ctx, (tx) =>
      withCursorLock(tx, 'messages', async ({ db, dialect }) => {
        const row = await db
          .selectFrom('messages')
          .select((eb) => eb.fn.max('mid').as('m'))
          .executeTakeFirst();
        const through = Number(row?.m ?? 0);
        if (through === 0) return 0;
        await db.deleteFrom('pinned_messages').where('mid', '<=', through).execute();
        await db.deleteFrom('file_messages').where('mid', '<=', through).execute();
        if (dialect === 'sqlite') await sql`delete from message_fts where rowid <= ${through}`.execute(db);
        await sql`delete from message_search where mid <= ${through}`.execute(db);
        await db.deleteFrom('messages').where('mid', '<=', through).execute();
        return through;
      }),
    );
  }

  async listExpired(now: number, limit: number): Promise<ChatMessage[]> {
    const rows = await this.ctx.db
      .selectFrom('messages')
      .select(COLUMNS)
      .where('expires_at', 'is not', null)
      .where('deleted_at', 'is', null)
      .where('expires_at', '<=', now)
      // A deleted channel's records stay behind unreadable; nothing to tell anyone there.
      .where((eb) =>
        eb.or([
          eb('gid', 'is', null),
          eb.exists(eb.selectFrom('groups').select('groups.gid').whereRef('groups.gid', '=', 'messages.gid')),
        ]),
      )
      .orderBy('expires_at')
      .orderBy('mid')
      .limit(limit)
      .execute();
    return rows.map(toMessage);
  }

  async listOlderThan(before: number, scope: RetentionScope, limit: number): Promise<ChatMessage[]> {
    let query = this.ctx.db
      .selectFrom('messages')
      .select(COLUMNS)
      .where('created_at', '<', before)
      .where('deleted_at', 'is', null)
      .where('reaction_kind', 'is', null);
    if ('gid' in scope) query = query.where('gid', '=', scope.gid);
    else {
      const { exceptGids } = scope;
      query = query.where((eb) =>
        eb.or([
          eb('gid', 'is', null),
          eb.and([
            eb.exists(
              eb.selectFrom('groups').select('groups.gid').whereRef('groups.gid', '=', 'messages.gid'),
            ),
            ...(exceptGids.length > 0 ? [eb.not(inList(this.ctx, eb.ref('gid'), exceptGids))] : []),
          ]),
        ]),
      );
    }
    const rows = await query.orderBy('mid').limit(limit).execute();
    return rows.map(toMessage);
  }
}

const dmPairsOf = (uid: number) =>
  sql`select distinct dm_low, dm_high from messages where dm_low = ${uid} or dm_high = ${uid}`;

/** A record from the floor on, unless it is a reaction to a message below the floor. */
const fromFloor = (floor: string) =>
  sql.raw(`m.mid >= ${floor} and (m.reaction_kind is null or m.ref_mid >= ${floor})`);

function recentQuery(ctx: StoreContext, uid: number, gids: readonly number[], per: number) {
  return sql<MessageRow>`
    with
      g as materialized (${valuesTable(ctx, gids)}),
      gf as materialized (
        select g.id as gid, coalesce((
          select x.mid from messages x
          where x.gid = g.id and x.reaction_kind is null and x.deleted_at is null
          order by x.mid desc limit 1 offset ${per - 1}
        ), 0) as floor_mid
        from g
      ),
      d as materialized (${dmPairsOf(uid)}),
      df as materialized (
        select d.dm_low, d.dm_high, coalesce((
          select x.mid from messages x
          where x.dm_low = d.dm_low and x.dm_high = d.dm_high
            and x.reaction_kind is null and x.deleted_at is null
          order by x.mid desc limit 1 offset ${per - 1}
        ), 0) as floor_mid
        from d
      )
    select m.mid, m.from_uid, m.gid, m.target_uid, m.created_at, m.detail
      from gf join messages m on m.gid = gf.gid and ${fromFloor('gf.floor_mid')}
    union all
    select m.mid, m.from_uid, m.gid, m.target_uid, m.created_at, m.detail
      from df join messages m on m.dm_low = df.dm_low and m.dm_high = df.dm_high
        and ${fromFloor('df.floor_mid')}
    order by mid`;
}
