import type { Kysely, Migration } from 'kysely';

/**
 * Refresh tokens keep no successor pair: a replay within the grace window derives the same pair
 * again from the presented token (services/sessions.ts), so no readable token is ever stored.
 * Spent rows of the old scheme go with the column.
 */
export const refreshTokenPruningMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.deleteFrom('refresh_tokens').where('spent_at', 'is not', null).execute();
    await db.schema.alterTable('refresh_tokens').dropColumn('successor').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('refresh_tokens').addColumn('successor', 'text').execute();
  },
};
