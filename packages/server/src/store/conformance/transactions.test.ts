import { describe, expect, it } from 'vitest';
import { testDatabase, useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, T0, textMessage } from '../../../test/support/store-fixtures.js';

describe('store conformance: transactions', () => {
  const db = useTestStore();
  const store = () => db().store;

  it('reports its dialect and answers ping', async () => {
    expect(store().dialect).toBe(testDatabase());
    await expect(store().ping()).resolves.toBeUndefined();
  });

  it('commits everything done through the transaction', async () => {
    const { user, group, mid } = await store().transaction(async (tx) => {
      const user = await tx.users.create(newUser());
      const group = await tx.groups.create(newGroup());
      await tx.groups.addMembers(group.gid, [user.uid], T0);
      const { mid } = await tx.messages.insert(textMessage(user.uid, { gid: group.gid }));
      // Reads inside the transaction see its own writes.
      expect(await tx.groups.members(group.gid)).toEqual([user.uid]);
      expect(await tx.messages.maxMid()).toBe(mid);
      return { user, group, mid };
    });
    expect(await store().users.get(user.uid)).toEqual(user);
    expect(await store().groups.members(group.gid)).toEqual([user.uid]);
    expect((await store().messages.get(mid))?.from_uid).toBe(user.uid);
  });

  it('rolls everything back when the function throws, and rethrows', async () => {
    const before = await store().messages.maxMid();
    const email = `rollback-${Date.now()}@example.com`;
    let gid = 0;
    let mid = 0;
    const failure = new Error('boom');
    await expect(
      store().transaction(async (tx) => {
        const user = await tx.users.create(newUser({ email }));
        gid = (await tx.groups.create(newGroup())).gid;
        mid = (await tx.messages.insert(textMessage(user.uid, { gid }))).mid;
        await tx.settings.set('rolled-back', true);
        await tx.readIndex.advance(user.uid, { gid }, mid);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await store().users.getByEmail(email)).toBeUndefined();
    expect(await store().groups.get(gid)).toBeUndefined();
    expect(await store().messages.get(mid)).toBeUndefined();
    expect(await store().messages.maxMid()).toBe(before);
    expect(await store().settings.get('rolled-back')).toBeUndefined();
  });

  it('joins the outer transaction when transaction() is called on a transaction-bound store', async () => {
    const email = `nested-${Date.now()}@example.com`;
    await expect(
      store().transaction(async (tx) => {
        const inner = await tx.transaction(async (nested) => {
          expect(nested).toBe(tx);
          return nested.users.create(newUser({ email }));
        });
        expect(await tx.users.get(inner.uid)).toEqual(inner);
        throw new Error('undo both');
      }),
    ).rejects.toThrow('undo both');
    expect(await store().users.getByEmail(email)).toBeUndefined();
  });

  it('rolls back a unique violation inside a transaction without touching other data', async () => {
    const taken = await store().users.create(newUser());
    const email = `victim-${Date.now()}@example.com`;
    await expect(
      store().transaction(async (tx) => {
        await tx.users.create(newUser({ email }));
        await tx.users.create(newUser({ name: taken.name }));
      }),
    ).rejects.toThrow();
    expect(await store().users.getByEmail(email)).toBeUndefined();
    expect(await store().users.get(taken.uid)).toEqual(taken);
  });

  it('refuses to close a transaction-bound store', async () => {
    await store().transaction(async (tx) => {
      await expect(tx.close()).rejects.toThrow();
    });
    await expect(store().ping()).resolves.toBeUndefined();
  });
});
