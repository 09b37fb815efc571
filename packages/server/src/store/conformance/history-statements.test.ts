import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../postgres.js';
import { KyselyMessageStore } from '../kysely/messages.js';
import { testDatabase, useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, textMessage } from '../../../test/support/store-fixtures.js';

/**
 * The history page statement is compiled once (`kysely/history-query.ts`) and, on PostgreSQL, runs
 * as a named prepared statement, so PostgreSQL plans it once per connection (issue 9, history p99).
 */
describe.skipIf(testDatabase() === 'sqlite')('store conformance: history as named statements', () => {
  const db = useTestStore();

  it('reads the same pages, through statements prepared by name on the connection', async () => {
    const { store, databaseUrl } = db();
    const a = (await store.users.create(newUser())).uid;
    const b = (await store.users.create(newUser())).uid;
    const g = (await store.groups.create(newGroup())).gid;
    for (let i = 0; i < 5; i++) {
      await store.messages.insert(textMessage(a, { gid: g }, `in the channel ${i}`));
      await store.messages.insert(textMessage(b, { uid: a }, `to a ${i}`));
    }
    const [, , middle] = await store.messages.groupHistory(g, { limit: 5 });

    // One connection, so the prepared statements read below are the ones the pages ran on.
    const pg = openPostgres(databaseUrl!, { maxConnections: 1 });
    try {
      const messages = new KyselyMessageStore({ db: pg, dialect: 'postgres', inTransaction: false });
      const pages = async () => [
        await messages.groupHistory(g, { limit: 3 }),
        await messages.groupHistory(g, { before: middle!.mid, limit: 3 }),
        await messages.dmHistory(a, b, { limit: 3 }),
        await messages.dmHistory(b, a, { before: middle!.mid, limit: 3 }),
      ];
      const first = await pages();
      expect(first.map((page) => page.map((m) => m.detail.type === 'normal' && m.detail.content))).toEqual([
        ['in the channel 2', 'in the channel 3', 'in the channel 4'],
        ['in the channel 0', 'in the channel 1'],
        ['to a 2', 'to a 3', 'to a 4'],
        ['to a 0', 'to a 1'],
      ]);
      expect(await pages()).toEqual(first);

      for (let i = 0; i < 5; i++) await pages(); // PostgreSQL weighs a generic plan after five

      const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements order by statement
      `.execute(pg);
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row.statement).toMatch(/^select .* from "messages" where /);
        // Planned for each page's parameters, as an unnamed statement is (see `store/postgres.ts`).
        expect([Number(row.generic_plans), Number(row.custom_plans)]).toEqual([0, 7]);
      }
    } finally {
      await pg.destroy();
    }
  });
});
