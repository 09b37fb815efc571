import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * The foundation schema. Millisecond timestamps are `bigint` (64-bit on both dialects); ids that
 * the database allocates are `INTEGER PRIMARY KEY AUTOINCREMENT` on SQLite (never reused, so a
 * deleted group's old messages can never be attributed to a new group) and identity columns on
 * PostgreSQL.
 */
export function initialMigration(dialect: StoreDialect): Migration {
  const identity = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
  const idType = 'integer';
  const midType = dialect === 'sqlite' ? 'integer' : 'bigint';

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('uid', idType, identity)
        .addColumn('email', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_lower', 'text', (c) => c.notNull())
        .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('is_admin', 'boolean', (c) => c.notNull())
        .addColumn('is_bot', 'boolean', (c) => c.notNull())
        .addColumn('avatar_updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('create_by', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
      await db.schema
        .createIndex('users_name_lower_unique')
        .on('users')
        .column('name_lower')
        .unique()
        .execute();

      await db.schema
        .createTable('user_log')
        .addColumn('log_id', idType, identity)
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('uid', 'integer', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('name', 'text')
        .addColumn('gender', 'integer')
        .addColumn('language', 'text')
        .addColumn('is_admin', 'boolean')
        .addColumn('is_bot', 'boolean')
        .addColumn('avatar_updated_at', 'bigint')
        .execute();

      await db.schema
        .createTable('devices')
        .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('device_token', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('devices_pk', ['uid', 'device'])
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('spent_at', 'bigint')
        .addColumn('successor', 'text')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_device')
        .on('refresh_tokens')
        .columns(['uid', 'device'])
        .execute();

      await db.schema
        .createTable('groups')
        .addColumn('gid', idType, identity)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('owner', 'integer')
        .addColumn('is_public', 'boolean', (c) => c.notNull())
        .addColumn('avatar_updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('group_members')
        .addColumn('gid', 'integer', (c) => c.notNull().references('groups.gid').onDelete('cascade'))
        .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('group_members_pk', ['gid', 'uid'])
        .execute();
      await db.schema.createIndex('group_members_uid').on('group_members').columns(['uid', 'gid']).execute();

      // No foreign keys on messages: records outlive deleted users and groups (API.md §6).
      await db.schema
        .createTable('messages')
        .addColumn('mid', midType, identity)
        .addColumn('from_uid', 'integer', (c) => c.notNull())
        .addColumn('gid', 'integer')
        .addColumn('dm_low', 'integer')
        .addColumn('dm_high', 'integer')
        .addColumn('target_uid', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('ref_mid', 'bigint')
        .execute();
      // Partial indexes: each record is either a channel record or a DM, never both.
      await db.schema
        .createIndex('messages_gid_mid')
        .on('messages')
        .columns(['gid', 'mid'])
        .where(sql.ref('gid'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('messages_dm_mid')
        .on('messages')
        .columns(['dm_low', 'dm_high', 'mid'])
        .where(sql.ref('dm_low'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('messages_dm_high_mid')
        .on('messages')
        .columns(['dm_high', 'mid'])
        .where(sql.ref('dm_high'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('messages_ref_mid')
        .on('messages')
        .column('ref_mid')
        .where(sql.ref('ref_mid'), 'is not', null)
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('invites')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('gid', 'integer', (c) => c.references('groups.gid').onDelete('cascade'))
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('max_times', 'integer', (c) => c.notNull())
        .addColumn('used_times', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('read_index')
        .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('target_kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('mid', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('read_index_pk', ['uid', 'target_kind', 'target_id'])
        .execute();
      await db.schema
        .createIndex('read_index_target')
        .on('read_index')
        .columns(['target_kind', 'target_id'])
        .execute();
    },

    async down(db: Kysely<any>) {
      for (const table of [
        'read_index',
        'invites',
        'settings',
        'messages',
        'group_members',
        'groups',
        'refresh_tokens',
        'devices',
        'user_log',
        'users',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
