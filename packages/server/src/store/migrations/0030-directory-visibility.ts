import type { Kysely, Migration } from 'kysely';

/**
 * The member directory's visibility (issue 13; docs/api.md "Member directory"): a user log row may
 * be meant for one reader only — a user that reader can now see (they joined a channel together,
 * or a direct message started), sent as a `create` row so a restricted directory can grow with the
 * same cursor (`users_version`) as everyone's rows.
 */
export const directoryVisibilityMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('user_log').addColumn('reader_uid', 'integer').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('user_log').dropColumn('reader_uid').execute();
  },
};
