import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Conversations (issue 10): each user's settings per conversation, contacts, message expiry and
 * leases for background jobs.
 * - `chat_settings`: one row per (user, conversation) with any setting; `muted` with an optional
 *   `mute_expired_at` (ms), `burn_expires_in` (seconds, 0 = off), `pinned_at` (ms, null = not pinned).
 * - `contacts`: the caller's view of another user ('added' or 'blocked'; no row = '').
 * - `messages.expires_at`: when a burn-after-reading message is deleted by the server (ms).
 * - `job_leases`: which node runs a background job until when (one runner in a cluster).
 */
export const conversationsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('chat_settings')
      .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
      .addColumn('target_kind', 'text', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mute_expired_at', 'bigint')
      .addColumn('burn_expires_in', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pinned_at', 'bigint')
      .addPrimaryKeyConstraint('chat_settings_pk', ['uid', 'target_kind', 'target_id'])
      .execute();
    await db.schema
      .createIndex('chat_settings_target')
      .on('chat_settings')
      .columns(['target_kind', 'target_id'])
      .execute();
    await db.schema
      .createTable('contacts')
      .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
      .addColumn('target_uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('contacts_pk', ['uid', 'target_uid'])
      .execute();
    await db.schema.createIndex('contacts_target').on('contacts').column('target_uid').execute();
    await db.schema.alterTable('messages').addColumn('expires_at', 'bigint').execute();
    await db.schema
      .createIndex('messages_expires_at')
      .on('messages')
      .column('expires_at')
      .where(sql<boolean>`expires_at is not null and deleted_at is null`)
      .execute();
    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('job_leases').execute();
    await db.schema.dropIndex('messages_expires_at').execute();
    await db.schema.alterTable('messages').dropColumn('expires_at').execute();
    await db.schema.dropTable('contacts').execute();
    await db.schema.dropTable('chat_settings').execute();
  },
};
