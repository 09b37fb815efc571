import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Bots and webhooks (issue 13).
 * - `bot_keys`: API keys, stored as SHA-256 with a visible prefix; `last_used` in ms.
 * - `bot_webhooks`: a user's outbound webhook URL and the secret its deliveries are signed with.
 * - `webhook_deliveries`: the durable queue and log of deliveries (one row per record and bot).
 * - `webhook_cursor`: the one row holding the last mid fanned out to webhooks. A webhook gets
 *   records after its `from_mid` (the newest mid when its URL was set): history is never replayed.
 */
export function botsMigration(dialect: StoreDialect): Migration {
  const identity = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
  const midType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('bot_keys')
        .addColumn('id', 'integer', identity)
        .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used', 'bigint')
        .execute();
      await db.schema
        .createIndex('bot_keys_uid_name')
        .on('bot_keys')
        .columns(['uid', 'name'])
        .unique()
        .execute();
      await db.schema
        .createTable('bot_webhooks')
        .addColumn('uid', 'integer', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
        .addColumn('url', 'text')
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('from_mid', midType, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'integer', identity)
        .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('mid', midType, (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('delivered_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['next_at', 'id'])
        .where(sql<boolean>`status = 'pending'`)
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_uid')
        .on('webhook_deliveries')
        .columns(['uid', 'id'])
        .execute();
      await db.schema
        .createTable('webhook_cursor')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('mid', midType, (c) => c.notNull())
        .execute();
      await sql`insert into webhook_cursor (id, mid) select 1, coalesce(max(mid), 0) from messages`.execute(
        db,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('webhook_cursor').execute();
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('bot_webhooks').execute();
      await db.schema.dropTable('bot_keys').execute();
    },
  };
}
