import type { Kysely, Migration } from 'kysely';

/**
 * Message retention (docs/api.md "Retention"): its pass looks for live messages by age, so
 * `created_at` gets an index. The policy itself is a setting (`retention`), not a table.
 */
export const retentionMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('messages_created_at').on('messages').column('created_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('messages_created_at').execute();
  },
};
