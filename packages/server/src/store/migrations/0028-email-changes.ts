import type { Kysely, Migration } from 'kysely';

/**
 * E-mail changes awaiting confirmation (issue 12; docs/api.md "Changing the e-mail address"): the
 * link mailed to the new address. Only the SHA-256 of its token is kept; `spent_at` makes it single
 * use; a newer request replaces an account's older ones.
 */
export const emailChangesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('email_changes')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('spent_at', 'bigint')
      .execute();
    await db.schema.createIndex('email_changes_uid').on('email_changes').column('uid').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('email_changes').execute();
  },
};
