import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Notifications (issue 16).
 * - `notify_prefs`: a user's level (all / mentions / none), per-conversation overrides (JSON) and
 *   quiet hours, and whether the e-mail digest is wanted (1/0); no row = notify everything.
 * - `push_subscriptions`: one Web Push subscription per device (endpoint and the browser's keys).
 * - `notify_deliveries`: the durable queue of notifications, the same design as the webhook queue
 *   (migration 0008): one row per record and Web Push subscription or FCM device, claimed with a
 *   lease.
 * - `notify_cursor`: the one row holding the last mid fanned out to notifications. It starts at
 *   the newest mid, so history is never notified.
 */
export function notificationsMigration(dialect: StoreDialect): Migration {
  const identity = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
  const midType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notify_prefs')
        .addColumn('uid', 'integer', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('overrides', 'text', (c) => c.notNull())
        .addColumn('quiet_start', 'integer')
        .addColumn('quiet_end', 'integer')
        .addColumn('quiet_offset', 'integer')
        .addColumn('email_digest', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'integer', identity)
        .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_device')
        .on('push_subscriptions')
        .columns(['uid', 'device'])
        .unique()
        .execute();
      await db.schema
        .createIndex('push_subscriptions_endpoint')
        .on('push_subscriptions')
        .column('endpoint')
        .execute();
      await db.schema
        .createTable('notify_deliveries')
        .addColumn('id', 'integer', identity)
        .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('mid', midType, (c) => c.notNull())
        // 'webpush' (to `subscription_id`) or 'fcm' (to the device's FCM token).
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('subscription_id', 'integer', (c) =>
          c.references('push_subscriptions.id').onDelete('cascade'),
        )
        .addColumn('device', 'text')
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
        .createIndex('notify_deliveries_due')
        .on('notify_deliveries')
        .columns(['next_at', 'id'])
        .where(sql<boolean>`status = 'pending'`)
        .execute();
      await db.schema
        .createIndex('notify_deliveries_subscription')
        .on('notify_deliveries')
        .column('subscription_id')
        .execute();
      await db.schema
        .createTable('notify_cursor')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('mid', midType, (c) => c.notNull())
        .execute();
      await sql`insert into notify_cursor (id, mid) select 1, coalesce(max(mid), 0) from messages`.execute(
        db,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('notify_cursor').execute();
      await db.schema.dropTable('notify_deliveries').execute();
      await db.schema.dropTable('push_subscriptions').execute();
      await db.schema.dropTable('notify_prefs').execute();
    },
  };
}
