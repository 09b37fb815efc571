import type { Kysely, Migration } from 'kysely';

/**
 * Sign-in methods beyond passwords and mail links (issue 12).
 * `signin_challenges`: what a sign-in started and must find again, single use and short-lived
 * (an OpenID Connect `state` with its PKCE verifier and nonce, a MetaMask nonce); only the
 * SHA-256 of the key the client holds is kept.
 * `signin_links`: an outside identity (method, issuer, subject) bound to one account.
 */
export const signinMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('signin_challenges')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('signin_challenges_expires_at')
      .on('signin_challenges')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('signin_links')
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('signin_links_pk', ['method', 'issuer', 'subject'])
      .execute();
    await db.schema.createIndex('signin_links_uid').on('signin_links').column('uid').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('signin_links').execute();
    await db.schema.dropTable('signin_challenges').execute();
  },
};
