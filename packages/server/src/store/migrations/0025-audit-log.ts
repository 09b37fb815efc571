import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * The audit log of administrative actions (issue 13; docs/api.md "Audit log"). Append-only: the
 * store has no update or delete for it. Indexed for the screen's filters, newest first.
 */
export function auditLogMigration(dialect: StoreDialect): Migration {
  const identity = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', identity)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_uid', 'integer', (c) => c.notNull())
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_uid', 'id']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
