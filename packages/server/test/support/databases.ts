/**
 * A fresh, migrated store per call, on the database the running vitest project targets
 * (`PARLEY_TEST_DB`: `sqlite`, the default, or `postgres`). API tests build their app on it.
 */
import { existsSync, rmSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { databaseSupply } from './database-supply.js';
import { openStore, SQLITE_FILE_NAME, type OpenStoreOptions, type Store } from '../../src/store/index.js';
// Brings in the `ProvidedContext` declaration that types `inject('pgUrl')`.
import type {} from './global-setup.js';

/** `cluster`: PostgreSQL, with API tests served by three scaled-mode nodes behind nginx. */
export type TestDatabase = 'sqlite' | 'postgres' | 'cluster';

export interface TestStore {
  store: Store;
  /** Set on PostgreSQL: the URL of this test's own database (open more stores on it if needed). */
  databaseUrl?: string;
  /** A fresh temp directory (the SQLite file lives here; use it for blobs too). */
  dataDir: string;
  /** Opened with `durable: true` (SQLite `synchronous=FULL`). */
  durable: boolean;
  /** Closes the store, removes `dataDir` and drops the database (in the background). Safe to call twice. */
  cleanup(): Promise<void>;
}

export function testDatabase(): TestDatabase {
  const db = process.env.PARLEY_TEST_DB;
  return db === 'postgres' || db === 'cluster' ? db : 'sqlite';
}

export interface TestStoreOptions {
  /**
   * Keep SQLite's production `synchronous=FULL`: for tests of what survives a crash. Every other
   * test store runs with `OFF` (the test PostgreSQL runs without fsync for the same reason).
   */
  durable?: boolean;
}

/** How a test opens another store on the same database as `db` (another node's pool). */
export const storeOptionsOf = (db: TestStore): OpenStoreOptions => ({
  databaseUrl: db.databaseUrl,
  dataDir: db.dataDir,
  sqliteSynchronous: db.durable ? 'FULL' : 'OFF',
});

/**
 * SQLite's counterpart of the PostgreSQL template database: a file migrated once per test process
 * and copied for each store, which then finds nothing to migrate (running every migration was
 * most of the time a store took to open). `migrations.test.ts` still migrates down and up again.
 */
let sqliteTemplate: Promise<string> | undefined;

function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const store = await openStore({ dataDir: dir, sqliteSynchronous: 'OFF' });
    await store.close();
    const file = join(dir, SQLITE_FILE_NAME);
    // Closed cleanly, the write-ahead log is checkpointed into the file and removed.
    if (existsSync(`${file}-wal`))
      throw new Error(`the SQLite template kept its write-ahead log: ${file}-wal`);
    return file;
  })();
  return sqliteTemplate;
}

export async function createTestStore(options: TestStoreOptions = {}): Promise<TestStore> {
  const durable = options.durable ?? false;
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-test-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  try {
    if (testDatabase() !== 'sqlite') {
      const baseUrl = inject('pgUrl');
      if (!baseUrl)
        throw new Error('pgUrl is not provided: run the tests through the `postgres` vitest project');
      const supply = databaseSupply(baseUrl, inject('pgTemplate'));
      const name = await supply.take();
      // In the background: nothing waits on a database nobody will open again.
      dropDatabase = async () => void supply.drop(name);
      databaseUrl = `${baseUrl}/${name}`;
    } else {
      await copyFile(await migratedSqliteFile(), join(dataDir, SQLITE_FILE_NAME));
    }
    const store = await openStore({ databaseUrl, dataDir, sqliteSynchronous: durable ? 'FULL' : 'OFF' });
    let cleaned = false;
    return {
      store,
      databaseUrl,
      dataDir,
      durable,
      async cleanup() {
        if (cleaned) return;
        cleaned = true;
        // The test may have closed it already; closing twice is not an error worth failing on.
        await store.close().catch(() => {});
        try {
          await dropDatabase?.();
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    await dropDatabase?.().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Registers `beforeAll`/`afterAll` hooks that give the calling test file one store, and returns
 * its getter: `const db = useTestStore(); … db().store.users.get(1)`.
 */
export function useTestStore(): () => TestStore {
  let current: TestStore | undefined;
  beforeAll(async () => {
    current = await createTestStore();
  });
  afterAll(async () => {
    await current?.cleanup();
  });
  return () => {
    if (!current) throw new Error('useTestStore(): the store exists only inside tests and hooks');
    return current;
  };
}
