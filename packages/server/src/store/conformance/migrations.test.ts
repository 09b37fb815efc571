import { Migrator, NO_MIGRATIONS, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openStore } from '../index.js';
import { migrations } from '../migrations/index.js';
import { openPostgres } from '../postgres.js';
import { openSqlite } from '../sqlite.js';
import type { Database } from '../schema.js';
import { createTestStore, storeOptionsOf } from '../../../test/support/databases.js';
import { newUser } from '../../../test/support/store-fixtures.js';
import { join } from 'node:path';

describe('store conformance: migrations', () => {
  it('are idempotent and keep data across reopening', async () => {
    const t = await createTestStore();
    try {
      const user = await t.store.users.create(newUser());
      await t.store.close();
      const location = storeOptionsOf(t);
      expect(await migrateDatabase(location)).toEqual([]);
      const reopened = await openStore(location);
      try {
        expect(await reopened.users.get(user.uid)).toEqual(user);
      } finally {
        await reopened.close();
      }
    } finally {
      await t.cleanup();
    }
  });

  it('migrate a database one release behind, and refuse one from a later release', async () => {
    const t = await createTestStore();
    await t.store.close();
    const dialect = t.databaseUrl ? 'postgres' : 'sqlite';
    const location = storeOptionsOf(t);
    const db: Kysely<Database> = t.databaseUrl
      ? openPostgres(t.databaseUrl)
      : openSqlite(join(t.dataDir, 'parley.db'));
    try {
      const names = Object.keys(migrations(dialect));
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect((await migrateDatabase(location)).map((r) => [r.migrationName, r.status])).toEqual([
        [names.at(-1), 'Success'],
      ]);

      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-later-release', '2099-01-01T00:00:00.000Z')`.execute(
        db,
      );
      await expect(openStore(location)).rejects.toThrow(/database migration .*9999-from-a-later-release/s);
    } finally {
      await db.destroy();
      await t.cleanup();
    }
  });

  it('open an up-to-date database without waiting for the migration lock another node holds', async (ctx) => {
    const t = await createTestStore();
    await t.store.close();
    // SQLite has no lock to hold: Kysely's migrator serialises on its one connection there.
    if (!t.databaseUrl) {
      await t.cleanup();
      ctx.skip();
      return;
    }
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      // Kysely's PostgreSQL migration lock (its adapter's advisory lock id): a node migrating holds it.
      await other.query('select pg_advisory_lock(3853314791062309107)');
      const store = await openStore(storeOptionsOf(t));
      await store.close();
    } finally {
      await other.end();
      await t.cleanup();
    }
  });

  it('run down to nothing and up again', async () => {
    const t = await createTestStore();
    await t.store.close();
    const dialect = t.databaseUrl ? 'postgres' : 'sqlite';
    const db: Kysely<Database> = t.databaseUrl
      ? openPostgres(t.databaseUrl)
      : openSqlite(join(t.dataDir, 'parley.db'));
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      const tables = await db.introspection.getTables();
      expect(tables.map((x) => x.name).filter((n) => !n.startsWith('kysely_'))).toEqual([]);
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(up.results?.map((r) => r.status)).toEqual(Object.keys(migrations(dialect)).map(() => 'Success'));
    } finally {
      await db.destroy();
      await t.cleanup();
    }
  });
});
