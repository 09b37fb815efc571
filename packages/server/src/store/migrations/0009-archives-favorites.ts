import type { Kysely, Migration } from 'kysely';

/**
 * Archives for forwarding and favorites (API.md §7.3, §8; issue 10). Each keeps its `Archive`
 * JSON as made: a snapshot of the messages and their senders, so later edits and deletes do not
 * change what was forwarded or saved. Attachments are not stored yet.
 */
export const archivesFavoritesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('archives')
      .addColumn('path', 'text', (c) => c.primaryKey())
      .addColumn('created_by', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('favorites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('favorites_uid_created')
      .on('favorites')
      .columns(['uid', 'created_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('favorites').execute();
    await db.schema.dropTable('archives').execute();
  },
};
