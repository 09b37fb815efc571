import type { Kysely, Migration } from 'kysely';

/**
 * Archive attachments (API.md §7.3, §8; issue 10): the files an archive or a favorite holds, by
 * index. `owner` is `archive:<path>` or `favorite:<id>`; `thumbnail` marks an index that serves the
 * file's thumbnail. A file an archive holds outlives the message that carried it (until the file
 * auto-delete setting removes it).
 */
export const archiveAttachmentsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('archive_attachments')
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('idx', 'integer', (c) => c.notNull())
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addColumn('thumbnail', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('archive_attachments_pk', ['owner', 'idx'])
      .execute();
    await db.schema
      .createIndex('archive_attachments_file')
      .on('archive_attachments')
      .column('file_id')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('archive_attachments').execute();
  },
};
