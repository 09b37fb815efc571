import type { Kysely, Migration } from 'kysely';

/**
 * Two-factor sign-in (issue 12, docs/api.md "Two-factor sign-in"):
 * `user_totp`: one TOTP secret per account, pending (`enabled_at` null) until a first code confirms
 * it; `last_step` is the newest time step a code was accepted for, so a code is never taken twice.
 * `totp_recovery_codes`: single-use recovery codes, only their SHA-256 kept.
 */
export const totpMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user_totp')
      .addColumn('uid', 'integer', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('enabled_at', 'bigint')
      .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('totp_recovery_codes')
      .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addPrimaryKeyConstraint('totp_recovery_codes_pk', ['uid', 'code_hash'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('totp_recovery_codes').execute();
    await db.schema.dropTable('user_totp').execute();
  },
};
