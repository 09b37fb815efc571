import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Files and media (issue 11).
 * - `files`: one row per upload from `prepare` on; `path` is set when the last chunk arrives.
 *   Nothing of a request ever becomes a blob key: keys are built from `file_id` (a server-made uuid).
 * - `file_chunks`: the stored chunks of a file in order, each a blob of at most 1,000,000 bytes,
 *   so no file is ever held whole in memory and an interrupted upload resumes after its last chunk.
 *   The primary key makes two racing copies of one chunk commit once.
 * - `file_messages`: which messages carry which file (the admin file list, deletes).
 */
export function filesMigration(dialect: StoreDialect): Migration {
  const midType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('files')
        .addColumn('file_id', 'text', (c) => c.primaryKey())
        .addColumn('uid', 'integer', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('declared_type', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text')
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('chunks', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.unique())
        .addColumn('hash', 'text')
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('thumbnail_key', 'text')
        .execute();
      await db.schema.createIndex('files_unfinished').on('files').columns(['path', 'updated_at']).execute();
      await db.schema
        .createTable('file_chunks')
        .addColumn('file_id', 'text', (c) => c.notNull().references('files.file_id').onDelete('cascade'))
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('blob_key', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('file_chunks_pk', ['file_id', 'n'])
        .execute();
      await db.schema
        .createTable('file_messages')
        .addColumn('mid', midType, (c) => c.primaryKey())
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addColumn('from_uid', 'integer', (c) => c.notNull())
        .addColumn('gid', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('file_messages_file').on('file_messages').column('file_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('file_messages').execute();
      await db.schema.dropTable('file_chunks').execute();
      await db.schema.dropTable('files').execute();
    },
  };
}
