import { GCProfiler } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../postgres.js';
import { KyselyMessageStore } from '../kysely/messages.js';
import { testDatabase, useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, textMessage } from '../../../test/support/store-fixtures.js';

/** Bytes the old generation grew by in each young-generation collection (scavenge). */
function promotedPerScavenge(profile: ReturnType<GCProfiler['stop']>): number[] {
  const old = (s: { spaceName: string; spaceUsedSize: number }[]) =>
    s.find((space) => space.spaceName === 'old_space')!.spaceUsedSize;
  return (
    (profile?.statistics ?? [])
      // Node 20 names a young-generation collection Scavenge; later V8s may run a minor mark-sweep.
      .filter((gc) => gc.gcType === 'Scavenge' || gc.gcType.startsWith('Minor'))
      .map((gc) => old(gc.afterGC.heapSpaceStatistics) - old(gc.beforeGC.heapSpaceStatistics))
  );
}

/**
 * A page read from PostgreSQL is garbage once it is sent. Through pg's own promise (a query given
 * no callback) V8 kept each page's rows and strings alive through two young-generation collections
 * and promoted them: ~1.5–7 MB per scavenge in this loop, scavenges of 3–6 ms in the history
 * bench (issue 9; docs/benchmarks.md, "History p99 on PostgreSQL"). `store/postgres.ts` gives
 * every query a callback; the same loop then promotes a few KB per scavenge.
 */
describe.skipIf(testDatabase() === 'sqlite')('store conformance: history pages on PostgreSQL', () => {
  const db = useTestStore();

  it('leave nothing for the old generation: read pages die young', async () => {
    const { store, databaseUrl } = db();
    const a = (await store.users.create(newUser())).uid;
    const g = (await store.groups.create(newGroup())).gid;
    for (let i = 0; i < 100; i++) {
      await store.messages.insert(textMessage(a, { gid: g }, `${i} ${'x'.repeat(100)}`));
    }
    const pg = openPostgres(databaseUrl!, { maxConnections: 1 });
    try {
      const messages = new KyselyMessageStore({ db: pg, dialect: 'postgres', inTransaction: false });
      for (let i = 0; i < 100; i++) await messages.groupHistory(g, { limit: 100 }); // warm

      // Rounds of pages until several scavenges were seen, however large the young generation grew.
      let promoted: number[] = [];
      for (let round = 0; round < 10 && promoted.length < 8; round++) {
        const profiler = new GCProfiler();
        profiler.start();
        for (let i = 0; i < 500; i++) {
          const page = await messages.groupHistory(g, { limit: 100 });
          if (page.length !== 100) throw new Error(`a page of ${page.length}`);
        }
        promoted = promoted.concat(promotedPerScavenge(profiler.stop()));
      }
      expect(promoted.length).toBeGreaterThanOrEqual(8);
      const median = [...promoted].sort((x, y) => x - y)[Math.floor(promoted.length / 2)]!;
      expect(median, `old-space growth per scavenge: ${promoted.join(', ')} bytes`).toBeLessThan(256 * 1024);
    } finally {
      await pg.destroy();
    }
  }, 60_000);
});
