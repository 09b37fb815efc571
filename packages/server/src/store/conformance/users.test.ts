import { describe, expect, it } from 'vitest';
import { isUniqueViolation, UniqueViolationError } from '../index.js';
import { useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, T0 } from '../../../test/support/store-fixtures.js';

describe('store conformance: users', () => {
  const db = useTestStore();
  const users = () => db().store.users;

  it('creates a user and reads it back exactly, with the email lower-cased', async () => {
    const input = newUser({ email: 'Mixed.Case@Example.COM', is_admin: true, avatar_updated_at: T0 + 5 });
    const created = await users().create(input);
    expect(created).toEqual({ ...input, uid: created.uid, email: 'mixed.case@example.com' });
    expect(typeof created.is_admin).toBe('boolean');
    expect(typeof created.is_bot).toBe('boolean');
    expect(await users().get(created.uid)).toEqual(created);
  });

  it('allocates increasing uids and never reuses a deleted one', async () => {
    const a = await users().create(newUser());
    await users().delete(a.uid);
    const b = await users().create(newUser());
    expect(b.uid).toBeGreaterThan(a.uid);
  });

  it('finds users by email and by name case-insensitively', async () => {
    const u = await users().create(newUser({ email: 'finder@example.com', name: 'Ada Lovelace' }));
    expect((await users().getByEmail('FINDER@example.com'))?.uid).toBe(u.uid);
    expect((await users().getByName('ada LOVELACE'))?.uid).toBe(u.uid);
    expect((await users().getByName('Ada Lovelace'))?.name).toBe('Ada Lovelace');
    expect(await users().getByEmail('nobody@example.com')).toBeUndefined();
    expect(await users().getByName('Nobody')).toBeUndefined();
    expect(await users().get(999_999)).toBeUndefined();
  });

  it('rejects a duplicate email or name, whatever the case, with a recognisable error', async () => {
    await users().create(newUser({ email: 'dup@example.com', name: 'Duplicate' }));
    const byEmail = await users()
      .create(newUser({ email: 'DUP@example.com' }))
      .catch((e: unknown) => e);
    expect(isUniqueViolation(byEmail)).toBe(true);
    expect(byEmail).toBeInstanceOf(UniqueViolationError);
    expect((byEmail as UniqueViolationError).field).toBe('email');
    const byName = await users()
      .create(newUser({ name: 'dUPLICATE' }))
      .catch((e: unknown) => e);
    expect(isUniqueViolation(byName)).toBe(true);
    expect((byName as UniqueViolationError).field).toBe('name');
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('allows many users without an email', async () => {
    const a = await users().create(newUser({ email: null, create_by: 'guest' }));
    const b = await users().create(newUser({ email: null, is_bot: true }));
    expect(a.email).toBeNull();
    expect(b.email).toBeNull();
  });

  it('gets many users at once, ascending, skipping unknown uids', async () => {
    const a = await users().create(newUser());
    const b = await users().create(newUser());
    const got = await users().getMany([b.uid, 999_999, a.uid, b.uid]);
    expect(got.map((u) => u.uid)).toEqual([a.uid, b.uid]);
    expect(await users().getMany([])).toEqual([]);
  });

  it('lists, lists uids and counts non-guest users, ascending', async () => {
    const guest = await users().create(newUser({ create_by: 'guest', email: null }));
    const member = await users().create(newUser());
    const list = await users().list();
    const uids = await users().listUids();
    expect(list.map((u) => u.uid)).toEqual(uids);
    expect(uids).toEqual([...uids].sort((x, y) => x - y));
    expect(uids).toContain(member.uid);
    expect(uids).not.toContain(guest.uid);
    expect(list.every((u) => u.create_by !== 'guest')).toBe(true);
    expect(await users().count()).toBe(uids.length);
  });

  it('updates only the given fields and keeps lookups in step', async () => {
    const u = await users().create(newUser({ name: 'Before Rename' }));
    const updated = await users().update(u.uid, {
      name: 'After Rename',
      email: 'Renamed@Example.com',
      is_admin: true,
      status: 'frozen',
      password_hash: null,
      updated_at: T0 + 1000,
    });
    expect(updated).toEqual({
      ...u,
      name: 'After Rename',
      email: 'renamed@example.com',
      is_admin: true,
      status: 'frozen',
      password_hash: null,
      updated_at: T0 + 1000,
    });
    expect(await users().getByName('before rename')).toBeUndefined();
    expect((await users().getByName('after rename'))?.uid).toBe(u.uid);
    expect(await users().update(u.uid, {})).toEqual(updated);
    expect(await users().update(999_999, { name: 'Ghost' })).toBeUndefined();
  });

  it('rejects an update to a taken email or name', async () => {
    const a = await users().create(newUser({ name: 'Taken Name', email: 'taken@example.com' }));
    const b = await users().create(newUser());
    const e1 = await users()
      .update(b.uid, { name: 'TAKEN name' })
      .catch((e: unknown) => e);
    expect((e1 as UniqueViolationError).field).toBe('name');
    const e2 = await users()
      .update(b.uid, { email: 'Taken@example.com' })
      .catch((e: unknown) => e);
    expect((e2 as UniqueViolationError).field).toBe('email');
    // Renaming to one's own name in another case is fine.
    expect((await users().update(a.uid, { name: 'TAKEN NAME' }))?.name).toBe('TAKEN NAME');
  });

  it('deletes a user with their devices, tokens, memberships and read positions', async () => {
    const { store } = db();
    const u = await users().create(newUser());
    const g = await store.groups.create(newGroup());
    await store.groups.addMembers(g.gid, [u.uid], T0);
    await store.sessions.upsertDevice({
      uid: u.uid,
      device: 'web',
      session_id: 's1',
      device_token: null,
      created_at: T0,
      updated_at: T0,
    });
    await store.sessions.insertRefreshToken({
      token_hash: `h-${u.uid}`,
      uid: u.uid,
      device: 'web',
      session_id: 's1',
      expires_at: T0 + 1,
      spent_at: null,
    });
    await store.readIndex.advance(u.uid, { gid: g.gid }, 10);

    expect(await users().delete(u.uid)).toBe(true);
    expect(await users().delete(u.uid)).toBe(false);
    expect(await users().get(u.uid)).toBeUndefined();
    expect(await store.groups.members(g.gid)).toEqual([]);
    expect(await store.sessions.listDevices(u.uid)).toEqual([]);
    expect(await store.sessions.getRefreshToken(`h-${u.uid}`)).toBeUndefined();
    expect(await store.readIndex.list(u.uid)).toEqual({ users: [], groups: [] });
  });
});
