import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Replies, edits, deletes, reactions and pins (issue 10).
 * - `reaction_kind` ('like' | 'edit' | 'delete') marks reaction records, which `ref_mid` alone cannot
 *   tell from replies. Every row before this migration is a plain message: no endpoint wrote
 *   anything else, so the column needs no backfill.
 * - `deleted_at` marks a deleted message; its text is erased in the same transaction.
 * - `pinned_messages` keeps each pin with the pinned message's current text, so channel lists
 *   carry their pins without reading every edit.
 */
export function messageOpsMigration(dialect: StoreDialect): Migration {
  const midType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('messages').addColumn('reaction_kind', 'text').execute();
      await db.schema.alterTable('messages').addColumn('deleted_at', 'bigint').execute();
      // A new device's backlog counts the newest live messages of each conversation (stream.ts).
      await db.schema
        .createIndex('messages_live_gid_mid')
        .on('messages')
        .columns(['gid', 'mid'])
        .where(sql<boolean>`gid is not null and reaction_kind is null and deleted_at is null`)
        .execute();
      await db.schema
        .createIndex('messages_live_dm_mid')
        .on('messages')
        .columns(['dm_low', 'dm_high', 'mid'])
        .where(sql<boolean>`dm_low is not null and reaction_kind is null and deleted_at is null`)
        .execute();
      await db.schema
        .createTable('pinned_messages')
        .addColumn('gid', 'integer', (c) => c.notNull().references('groups.gid').onDelete('cascade'))
        .addColumn('mid', midType, (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('properties', 'text')
        .addPrimaryKeyConstraint('pinned_messages_pk', ['gid', 'mid'])
        .execute();
      await db.schema.createIndex('pinned_messages_mid').on('pinned_messages').column('mid').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('pinned_messages').execute();
      await db.schema.dropIndex('messages_live_dm_mid').execute();
      await db.schema.dropIndex('messages_live_gid_mid').execute();
      await db.schema.alterTable('messages').dropColumn('deleted_at').execute();
      await db.schema.alterTable('messages').dropColumn('reaction_kind').execute();
    },
  };
}
