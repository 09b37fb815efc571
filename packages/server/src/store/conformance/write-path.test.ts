/**
 * The write path as callers see it, on both stores. On SQLite writes and transactions run on the
 * writer thread while plain reads stay on the main thread (sqlite-driver.ts): a read through the
 * store while a transaction is open must neither wait for it nor see it, errors must keep the
 * driver's code across the thread, and overlapping writes must all land.
 */
import { describe, expect, it } from 'vitest';
import { UniqueViolationError } from '../errors.js';
import { parseQuery } from '../search-text.js';
import { useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, textMessage } from '../../../test/support/store-fixtures.js';

describe('store conformance: the write path', () => {
  const db = useTestStore();
  const store = () => db().store;

  it('answers a read through the store while a transaction is open, with the state before it', async () => {
    const user = newUser();
    const seenDuring = await store().transaction(async (tx) => {
      await tx.users.create(user);
      // Through the outer store, not `tx`: a read must not wait for the open transaction.
      return store().users.getByEmail(user.email);
    });
    expect(seenDuring).toBeUndefined();
    expect((await store().users.getByEmail(user.email))?.name).toBe(user.name);
  });

  it('reads its own write as soon as the write has resolved', async () => {
    const group = await store().groups.create(newGroup());
    const author = await store().users.create(newUser());
    for (let i = 0; i < 5; i++) {
      const { mid } = await store().messages.insert(textMessage(author.uid, { gid: group.gid }));
      expect(await store().messages.maxMid()).toBe(mid);
    }
  });

  it('keeps the driver error of a failed write: a taken email is a unique violation on email', async () => {
    const user = newUser();
    await store().users.create(user);
    const err = await store()
      .users.create(newUser({ email: user.email }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UniqueViolationError);
    expect((err as UniqueViolationError).field).toBe('email');
  });

  it('rolls back a transaction whose statement failed, and frees the writer for the next one', async () => {
    const taken = newUser();
    await store().users.create(taken);
    const fresh = newUser();
    await expect(
      store().transaction(async (tx) => {
        await tx.users.create(fresh);
        await tx.users.create(newUser({ email: taken.email }));
      }),
    ).rejects.toBeInstanceOf(UniqueViolationError);
    expect(await store().users.getByEmail(fresh.email)).toBeUndefined();
    await expect(store().users.create(fresh)).resolves.toMatchObject({ email: fresh.email });
  });

  it('lands every one of many overlapping writes and transactions, each in one piece', async () => {
    const group = await store().groups.create(newGroup());
    const author = await store().users.create(newUser());
    const before = await store().messages.maxMid();
    const singles = Array.from({ length: 20 }, () =>
      store().messages.insert(textMessage(author.uid, { gid: group.gid })),
    );
    const pairs = Array.from({ length: 10 }, () =>
      store().transaction(async (tx) => {
        const a = await tx.messages.insert(textMessage(author.uid, { gid: group.gid }));
        const b = await tx.messages.insert(textMessage(author.uid, { gid: group.gid }));
        return [a.mid, b.mid];
      }),
    );
    const mids = [...(await Promise.all(singles)).map((m) => m.mid), ...(await Promise.all(pairs)).flat()];
    expect(new Set(mids).size).toBe(40);
    expect(Math.min(...mids)).toBeGreaterThan(before);
    // Each transaction's two inserts are adjacent: nothing ran between them on the write connection.
    for (const [a, b] of await Promise.all(pairs)) expect(b).toBe(a! + 1);
    expect(await store().messages.maxMid()).toBe(Math.max(...mids));
  });

  it('inserts a batch in one piece: mids in input order, every record stored and found by search', async () => {
    const group = await store().groups.create(newGroup());
    const author = await store().users.create(newUser());
    const peer = await store().users.create(newUser());
    const texts = ['batchword alpha', 'batchword beta', 'no tokens here?', 'batchword gamma'];
    const sent = await store().messages.insertMany(
      texts.map((text, i) => textMessage(author.uid, i === 1 ? { uid: peer.uid } : { gid: group.gid }, text)),
    );
    const mids = sent.map((m) => m.mid);
    expect(mids).toEqual([...mids].sort((a, b) => a - b));
    for (const [i, message] of sent.entries()) {
      const stored = await store().messages.get(message.mid);
      expect(stored?.detail).toMatchObject({ content: texts[i] });
    }
    const found = await store().search.search({ uid: author.uid, terms: parseQuery('batchword'), limit: 50 });
    expect(found.map((r) => r.content).sort()).toEqual([
      'batchword alpha',
      'batchword beta',
      'batchword gamma',
    ]);
  });
});
