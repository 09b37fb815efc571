import { Migrator, NO_MIGRATIONS, type Kysely } from 'kysely';
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
