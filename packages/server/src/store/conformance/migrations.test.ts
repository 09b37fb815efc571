import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, openStore } from '../index.js';
import { migrations } from '../migrations/index.js';
import {
  createTestStore,
  storeOptionsOf,
  testDatabase,
  type TestStore,
} from '../../../test/support/databases.js';
import { newUser } from '../../../test/support/store-fixtures.js';

/** The test store's database opened bare (its store closed), with a migrator over every migration. */
async function bareDatabase(t: TestStore) {
  await t.store.close();
  const { db, dialect } = await openDatabase(storeOptionsOf(t));
  const all = migrations(dialect);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => all } });
  return { db, migrator, names: Object.keys(all) };
}

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
    const location = storeOptionsOf(t);
    const { db, migrator, names } = await bareDatabase(t);
    try {
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

  // SQLite has no lock to hold: Kysely's migrator serialises on its one connection there.
  it.skipIf(testDatabase() === 'sqlite')(
    'open an up-to-date database without waiting for the migration lock another node holds',
    async () => {
      const t = await createTestStore();
      await t.store.close();
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
    },
  );

  it('run down to nothing and up again', async () => {
    const t = await createTestStore();
    const { db, migrator, names } = await bareDatabase(t);
    try {
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      const tables = await db.introspection.getTables();
      expect(tables.map((x) => x.name).filter((n) => !n.startsWith('kysely_'))).toEqual([]);
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(up.results?.map((r) => r.status)).toEqual(names.map(() => 'Success'));
    } finally {
      await db.destroy();
      await t.cleanup();
    }
  });
});
