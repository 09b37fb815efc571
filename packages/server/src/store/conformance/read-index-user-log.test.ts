import { describe, expect, it } from 'vitest';
import { useTestStore } from '../../../test/support/databases.js';
import { newUser } from '../../../test/support/store-fixtures.js';

describe('store conformance: read index', () => {
  const db = useTestStore();
  const readIndex = () => db().store.readIndex;
  const makeUser = async () => (await db().store.users.create(newUser())).uid;

  it('only ever moves a position forward', async () => {
    const uid = await makeUser();
    expect(await readIndex().advance(uid, { gid: 7 }, 10)).toBe(true);
    expect(await readIndex().advance(uid, { gid: 7 }, 9)).toBe(false);
    expect(await readIndex().advance(uid, { gid: 7 }, 10)).toBe(false);
    expect(await readIndex().advance(uid, { gid: 7 }, 12)).toBe(true);
    expect(await readIndex().advance(uid, { uid: 7 }, 3)).toBe(true);
    expect(await readIndex().advance(uid, { uid: 2 }, 5)).toBe(true);
    expect(await readIndex().advance(uid, { gid: 1 }, 4)).toBe(true);
    expect(await readIndex().list(uid)).toEqual({
      users: [
        { uid: 2, mid: 5 },
        { uid: 7, mid: 3 },
      ],
      groups: [
        { gid: 1, mid: 4 },
        { gid: 7, mid: 12 },
      ],
    });
    expect(await readIndex().list(await makeUser())).toEqual({ users: [], groups: [] });
  });

  it('ends at the highest of concurrent advances', async () => {
    const uid = await makeUser();
    const mids = Array.from({ length: 30 }, (_, i) => ((i * 17) % 30) + 1);
    await Promise.all(mids.map((mid) => readIndex().advance(uid, { gid: 99 }, mid)));
    expect((await readIndex().list(uid)).groups).toEqual([{ gid: 99, mid: 30 }]);
  });

  it('forgets a conversation for every user', async () => {
    const a = await makeUser();
    const b = await makeUser();
    for (const uid of [a, b]) {
      await readIndex().advance(uid, { gid: 5 }, 1);
      await readIndex().advance(uid, { uid: 5 }, 2);
    }
    await readIndex().removeTarget({ gid: 5 });
    expect(await readIndex().list(a)).toEqual({ users: [{ uid: 5, mid: 2 }], groups: [] });
    await readIndex().removeTarget({ uid: 5 });
    expect(await readIndex().list(b)).toEqual({ users: [], groups: [] });
  });
});

describe('store conformance: user log', () => {
  const db = useTestStore();
  const userLog = () => db().store.userLog;

  it('appends entries with increasing ids and lists those after a version', async () => {
    const start = await userLog().latestVersion();
    const created = await userLog().append({
      action: 'create',
      uid: 1,
      email: 'a@example.com',
      name: 'A',
      gender: 0,
      language: 'en',
      is_admin: true,
      is_bot: false,
      avatar_updated_at: 0,
    });
    const updated = await userLog().append({
      action: 'update',
      uid: 1,
      email: null,
      name: null,
      gender: null,
      language: null,
      is_admin: null,
      is_bot: null,
      avatar_updated_at: 1_767_225_600_123,
    });
    const deleted = await userLog().append({
      action: 'delete',
      uid: 1,
      email: null,
      name: null,
      gender: null,
      language: null,
      is_admin: null,
      is_bot: null,
      avatar_updated_at: null,
    });
    expect(created.log_id).toBeGreaterThan(start);
    expect(updated.log_id).toBeGreaterThan(created.log_id);
    expect(deleted.log_id).toBeGreaterThan(updated.log_id);
    expect(await userLog().latestVersion()).toBe(deleted.log_id);
    expect(await userLog().listAfter(start)).toEqual([created, updated, deleted]);
    expect(await userLog().listAfter(created.log_id)).toEqual([updated, deleted]);
    expect(await userLog().listAfter(deleted.log_id)).toEqual([]);
  });
});
