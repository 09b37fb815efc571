import { describe, expect, it } from 'vitest';
import { cacheReads, MAX_AGE_MS, SINGLE_NODE, type CacheInvalidation, type CachePart } from './read-cache.js';
import type { Store } from './types.js';

/** A store with one user row, whose reads can be held open to race them against a write. */
function fakeStore() {
  const row = { uid: 1, name: 'before', tags: ['a'] };
  const state = { reads: 0, hold: undefined as Promise<void> | undefined };
  const users = {
    async get(uid: number) {
      state.reads++;
      const copy = structuredClone(row);
      await state.hold;
      return uid === 1 ? copy : undefined;
    },
    async update(_uid: number, patch: { name: string }) {
      row.name = patch.name;
      return structuredClone(row);
    },
  };
  const store = {
    users,
    messages: { insertMany: async () => [] },
    transaction: async <T>(fn: (tx: Store) => Promise<T>) => fn(store as unknown as Store),
  };
  return { store: store as unknown as Store, state };
}

describe('read cache', () => {
  it('serves a repeated read from memory and a copy each time', async () => {
    const { store, state } = fakeStore();
    const { store: cached, stats } = cacheReads(store, SINGLE_NODE, () => undefined);
    const first = await cached.users.get(1);
    first!.name = 'changed by a caller';
    (first as unknown as { tags: string[] }).tags.push('pushed by a caller');
    const second = await cached.users.get(1);
    expect(second?.name).toBe('before');
    expect((second as unknown as { tags: string[] }).tags).toEqual(['a']);
    expect(state.reads).toBe(1);
    expect(stats.hits).toBe(1);
  });

  it('drops what a write changes, here and through a transaction', async () => {
    const { store } = fakeStore();
    const { store: cached } = cacheReads(store, SINGLE_NODE, () => undefined);
    await cached.users.get(1);
    await cached.users.update(1, { name: 'after' });
    expect((await cached.users.get(1))?.name).toBe('after');
    await cached.transaction((tx) => tx.users.update(1, { name: 'in a transaction' }));
    expect((await cached.users.get(1))?.name).toBe('in a transaction');
  });

  it('keeps the system settings across a user write, which cannot change them', async () => {
    const { store } = fakeStore();
    let settingReads = 0;
    const settings = { get: async () => (settingReads++, '{"guest":false}') };
    const published: CachePart[][] = [];
    const peers: CacheInvalidation = {
      ...SINGLE_NODE,
      publish: async (parts) => void published.push([...parts]),
    };
    const { store: cached } = cacheReads({ ...store, settings } as unknown as Store, peers, () => undefined);
    await cached.settings.get('loginConfig');
    await cached.users.update(1, { name: 'after' });
    await cached.settings.get('loginConfig');
    expect(settingReads).toBe(1);
    expect(published).toEqual([['sessions', 'users', 'groups', 'chatSettings', 'contacts']]);
  });

  it('does not keep a read that overlapped a write: it may predate it', async () => {
    const { store, state } = fakeStore();
    const { store: cached } = cacheReads(store, SINGLE_NODE, () => undefined);
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    const slow = cached.users.get(1);
    await cached.users.update(1, { name: 'after' });
    release();
    expect((await slow)?.name).toBe('before');
    state.hold = undefined;
    expect((await cached.users.get(1))?.name).toBe('after');
  });

  it('empties on another node’s invalidation, bypasses while not live, and re-reads old entries', async () => {
    const { store, state } = fakeStore();
    let handler: (parts: readonly CachePart[]) => void = () => undefined;
    let live = true;
    const published: CachePart[][] = [];
    const peers: CacheInvalidation = {
      publish: async (parts) => void published.push([...parts]),
      subscribe: (h) => (handler = h),
      isLive: () => live,
      onLost: () => undefined,
    };
    let now = 0;
    const { store: cached } = cacheReads(
      store,
      peers,
      () => undefined,
      () => now,
    );
    await cached.users.get(1);
    await cached.users.get(1);
    expect(state.reads).toBe(1);
    handler(['users']);
    await cached.users.get(1);
    expect(state.reads).toBe(2);
    now += MAX_AGE_MS;
    await cached.users.get(1);
    expect(state.reads).toBe(3);
    live = false;
    await cached.users.get(1);
    await cached.users.get(1);
    expect(state.reads).toBe(5);
    await cached.users.update(1, { name: 'x' });
    expect(published.at(-1)).toContain('users');
  });
});
