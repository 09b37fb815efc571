import { Migrator, NO_MIGRATIONS, type Kysely } from 'kysely';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../index.js';
import { migrations } from '../migrations/index.js';
import { openPostgres } from '../postgres.js';
import { openSqlite } from '../sqlite.js';
import { parseQuery } from '../search-text.js';
import type { Database } from '../schema.js';
import { createTestStore, storeOptionsOf } from '../../../test/support/databases.js';
import { T0 } from '../../../test/support/store-fixtures.js';

describe('store conformance: search migration', () => {
  it('indexes the messages that existed before it, with their latest edit, not deleted ones', async () => {
    const t = await createTestStore();
    await t.store.close();
    const dialect = t.databaseUrl ? 'postgres' : 'sqlite';
    const db: Kysely<Database> = t.databaseUrl
      ? openPostgres(t.databaseUrl)
      : openSqlite(join(t.dataDir, 'parley.db'));
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
      expect((await migrator.migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
      expect((await migrator.migrateTo('0003-message-ops')).error).toBeUndefined();
      const text = (content: string) =>
        JSON.stringify({
          type: 'normal',
          properties: null,
          content_type: 'text/plain',
          content,
          expires_in: null,
        });
      const base = { from_uid: 1, dm_low: 1, dm_high: 2, target_uid: 2, created_at: T0 };
      await db
        .insertInto('messages')
        .values([
          { ...base, mid: 1, detail: text('old wording 古い') },
          {
            ...base,
            mid: 2,
            ref_mid: 1,
            reaction_kind: 'edit',
            created_at: T0 + 1,
            detail: JSON.stringify({
              type: 'reaction',
              mid: 1,
              detail: {
                type: 'edit',
                properties: null,
                content_type: 'text/plain',
                content: 'new wording 新しい',
              },
            }),
          },
          { ...base, mid: 3, detail: text(''), deleted_at: T0 + 2 },
          { ...base, mid: 4, detail: text('untouched wording') },
        ])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
    }
    const store = await openStore(storeOptionsOf(t));
    try {
      const find = async (q: string) =>
        (await store.search.search({ uid: 2, terms: parseQuery(q), limit: 10 })).map((r) => [
          r.mid,
          r.content,
        ]);
      expect(await find('wording')).toEqual([
        [4, 'untouched wording'],
        [1, 'new wording 新しい'],
      ]);
      expect(await find('old')).toEqual([]);
      expect(await find('新しい')).toEqual([[1, 'new wording 新しい']]);
      expect((await store.search.search({ uid: 3, terms: parseQuery('wording'), limit: 10 })).length).toBe(0);
    } finally {
      await store.close();
      await t.cleanup();
    }
  });
});
