import type { Kysely, Migration } from 'kysely';

/**
 * Invitations by e-mail (issue 12, docs/api.md): an invite row (single use, with its expiry) that
 * was mailed to an address, with the channels its new account joins. Deleting the invite deletes
 * the row; deleting a channel drops it from the list when read.
 */
export const emailInvitesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('email_invites')
      .addColumn('token_hash', 'text', (c) =>
        c.primaryKey().references('invites.token_hash').onDelete('cascade'),
      )
      .addColumn('email', 'text', (c) => c.notNull())
      /** JSON array of channel ids. */
      .addColumn('gids', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('email_invites_email').on('email_invites').column('email').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('email_invites').execute();
  },
};
