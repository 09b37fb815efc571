import type { Kysely, Migration } from 'kysely';

/**
 * Magic-link tokens (issue 12): a login link for a known address, a sign-up link for an unknown
 * one. Only the SHA-256 of a token is kept; `spent_at` makes a token single-use. A sign-up link
 * sent by `send_reg_magic_link` carries the chosen password's hash and the invite it came with.
 */
export const magicTokensMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('magic_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('invite_hash', 'text')
      .addColumn('language', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('spent_at', 'bigint')
      .execute();
    await db.schema.createIndex('magic_tokens_expires_at').on('magic_tokens').column('expires_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('magic_tokens').execute();
  },
};
