import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../index.js';
import { storeOptionsOf, useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, T0, textMessage } from '../../../test/support/store-fixtures.js';

/**
 * Reads `max` then `list` over and over while `writers` run, and collects every id that shows up
 * at or below a max already seen without having been listed then: each one is an id that
 * committed after a larger one was visible, which would make a resuming stream skip it.
 */
async function watchCommitOrder(
  writers: Promise<unknown>,
  max: () => Promise<number>,
  list: () => Promise<number[]>,
): Promise<{ late: number[]; rounds: number }> {
  let done = false;
  const finished = writers.finally(() => {
    done = true;
  });
  const late: number[] = [];
  let seenMax = 0;
  let seen = new Set<number>();
  let rounds = 0;
  while (!done || rounds < 2) {
    const currentMax = await max();
    const ids = await list();
    for (const id of ids) if (id <= seenMax && !seen.has(id)) late.push(id);
    seenMax = currentMax;
    seen = new Set(ids.filter((id) => id <= currentMax));
    rounds++;
    // SQLite reads run synchronously on this thread (store/sqlite-driver.ts): let the writer
    // thread's answers in, as a reader on another node would.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await finished;
  return { late, rounds };
}

/**
 * Writers in flight at once: fewer than the PostgreSQL pool's 10 connections, so each transaction
 * has its connection as soon as it starts. (With all of them started at once, most waited in the pool's
 * queue behind writers serialised by the cursor lock, and on a loaded machine that wait passed
 * the pool's 5 s connection timeout.) Eight open transactions still race for mids and commits.
 */
const IN_FLIGHT = 8;

/** `fn(0)` … `fn(count - 1)`, at most `IN_FLIGHT` running at a time; results in index order. */
async function concurrently<T>(count: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) results[i] = await fn(i);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return results;
}

describe('store conformance: ids follow commit order under concurrent writers', () => {
  const db = useTestStore();

  /** On PostgreSQL, a second store: its own pool, as another node would have. */
  async function withReader<T>(fn: (reader: Store) => Promise<T>): Promise<T> {
    const { databaseUrl, store } = db();
    if (!databaseUrl) return fn(store);
    const reader = await openStore(storeOptionsOf(db()));
    try {
      return await fn(reader);
    } finally {
      await reader.close();
    }
  }

  it('never reveals a mid below one already seen (100 transactions, 8 open at a time)', async () => {
    const { store } = db();
    const uid = (await store.users.create(newUser())).uid;
    const gid = (await store.groups.create(newGroup())).gid;
    const writers = concurrently(100, (i) =>
      store.transaction(async (tx) => {
        const { mid } = await tx.messages.insert(
          textMessage(uid, i % 2 ? { gid } : { uid }, `m${i}`, T0 + i),
        );
        // Keep the transaction open after taking its mid, as a service doing more work would; now
        // and then for longer, so that (without the lock) later mids would commit first.
        await sleep(i % 10 === 0 ? 15 : i % 3);
        return mid;
      }),
    );
    const { late, rounds } = await withReader((reader) =>
      watchCommitOrder(
        writers,
        () => reader.messages.maxMid(),
        async () => (await reader.messages.listForUser(uid, [gid], 0, 100_000)).map((m) => m.mid),
      ),
    );
    expect(late).toEqual([]);
    // SQLite queues the reader behind the writers on its one connection; PostgreSQL must interleave.
    if (store.dialect === 'postgres') expect(rounds).toBeGreaterThan(2);
    const mids = await writers;
    expect(new Set(mids).size).toBe(100);
    const listed = (await store.messages.listForUser(uid, [gid], 0, 100_000)).map((m) => m.mid);
    expect(listed).toEqual([...mids].sort((a, b) => a - b));
  });

  it('keeps the order for inserts outside transactions too', async () => {
    const { store } = db();
    const uid = (await store.users.create(newUser())).uid;
    const gid = (await store.groups.create(newGroup())).gid;
    const writers = concurrently(100, (i) => store.messages.insert(textMessage(uid, { gid }, `m${i}`)));
    const { late } = await withReader((reader) =>
      watchCommitOrder(
        writers,
        () => reader.messages.maxMid(),
        async () => (await reader.messages.groupHistory(gid, { limit: 100_000 })).map((m) => m.mid),
      ),
    );
    expect(late).toEqual([]);
    expect(new Set((await writers).map((m) => m.mid)).size).toBe(100);
  });

  it('allocates user-log versions in commit order as well', async () => {
    const { store } = db();
    const start = await store.userLog.latestVersion();
    const writers = concurrently(100, (i) =>
      store.transaction(async (tx) => {
        const entry = await tx.userLog.append({
          action: 'update',
          uid: i + 1,
          email: null,
          name: `n${i}`,
          gender: null,
          language: null,
          is_admin: null,
          is_bot: null,
          avatar_updated_at: null,
        });
        await sleep(i % 10 === 0 ? 15 : i % 3);
        return entry.log_id;
      }),
    );
    const { late } = await withReader((reader) =>
      watchCommitOrder(
        writers,
        () => reader.userLog.latestVersion(),
        async () => (await reader.userLog.listAfter(start)).map((e) => e.log_id),
      ),
    );
    expect(late).toEqual([]);
    expect(new Set(await writers).size).toBe(100);
  });
});
