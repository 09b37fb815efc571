import type { Kysely, Migration } from 'kysely';

/**
 * A user's client preferences (issue 14; docs/api.md "Preferences"): theme, own messages' side,
 * message sound and language, as one JSON object (`UserPreferences` without `updated_at`); no row
 * = the defaults.
 */
export const userPreferencesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user_preferences')
      .addColumn('uid', 'integer', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
      .addColumn('prefs', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('user_preferences').execute();
  },
};
