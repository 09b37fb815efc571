import { describe, expect, it } from 'vitest';
import { isUniqueViolation, openStore } from '../index.js';
import { storeOptionsOf, useTestStore } from '../../../test/support/databases.js';
import { newUser, T0, textMessage } from '../../../test/support/store-fixtures.js';

describe('store conformance: bots', () => {
  const db = useTestStore();
  const bots = () => db().store.bots;
  const bot = () => db().store.users.create(newUser({ is_bot: true, email: null }));

  it('keeps keys by hash, one name per bot, and records a use once per interval', async () => {
    const b = await bot();
    const key = await bots().createKey({
      uid: b.uid,
      name: 'ci',
      prefix: 'pb.abc',
      key_hash: 'h1',
      created_at: T0,
    });
    expect(key).toMatchObject({ uid: b.uid, name: 'ci', prefix: 'pb.abc', last_used: null });
    await expect(
      bots().createKey({ uid: b.uid, name: 'ci', prefix: 'pb.def', key_hash: 'h2', created_at: T0 }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect((await bots().keyByHash('h1'))?.id).toBe(key.id);
    await bots().touchKey(key.id, T0 + 10, T0);
    await bots().touchKey(key.id, T0 + 20, T0);
    expect((await bots().keyByHash('h1'))?.last_used).toBe(T0 + 10);
    expect(await bots().deleteKey(b.uid + 1, key.id)).toBe(false);
    expect(await bots().deleteKey(b.uid, key.id)).toBe(true);
    expect(await bots().keyByHash('h1')).toBeUndefined();
  });

  it('lists only webhooks with a URL, and keeps the secret when the URL is cleared', async () => {
    const b = await bot();
    await bots().setWebhook({
      uid: b.uid,
      url: 'http://127.0.0.1:1/x',
      secret: 's',
      from_mid: 7,
      updated_at: T0,
    });
    expect(await bots().listWebhooks()).toEqual([
      { uid: b.uid, url: 'http://127.0.0.1:1/x', secret: 's', from_mid: 7, updated_at: T0 },
    ]);
    await bots().setWebhook({ uid: b.uid, url: null, secret: 's', from_mid: 7, updated_at: T0 + 1 });
    expect(await bots().listWebhooks()).toEqual([]);
    expect(await bots().getWebhook(b.uid)).toMatchObject({ url: null, secret: 's' });
  });

  it('moves the cursor only from the value read', async () => {
    const from = await bots().cursor();
    expect(await bots().moveCursor(from, from + 5)).toBe(true);
    expect(await bots().moveCursor(from, from + 9)).toBe(false);
    expect(await bots().cursor()).toBe(from + 5);
  });

  it('gives each due delivery to one claimer, counts the attempt, and frees it when finished', async () => {
    const b = await bot();
    const msg = await db().store.messages.insert(textMessage(b.uid, { uid: b.uid }, 'x'));
    await bots().enqueue(
      Array.from({ length: 6 }, () => ({ uid: b.uid, mid: msg.mid, body: '{}', created_at: T0 })),
      T0,
    );
    // A second pool on the same database, as another node would have (SQLite: the same file).
    const other = await openStore(storeOptionsOf(db()));
    try {
      const [mine, theirs] = await Promise.all([
        bots().claimDue(T0, T0 + 5000, 10),
        other.bots.claimDue(T0, T0 + 5000, 10),
      ]);
      const ids = [...mine, ...theirs].map((d) => d.id).sort((x, y) => x - y);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
      expect([...mine, ...theirs].every((d) => d.attempts === 1 && d.lease_until === T0 + 5000)).toBe(true);
      // Held: nobody else gets them until the lease runs out.
      expect(await bots().claimDue(T0 + 50, T0 + 150, 10)).toEqual([]);
      const first = mine[0] ?? theirs[0]!;
      await bots().finishAttempt(first.id, {
        status: 'pending',
        next_at: T0 + 1000,
        last_status: 500,
        last_error: 'HTTP 500',
        delivered_at: null,
      });
      expect(await bots().claimDue(T0 + 999, T0 + 2000, 10)).toEqual([]);
      const again = await bots().claimDue(T0 + 1000, T0 + 2000, 10);
      expect(again.map((d) => [d.id, d.attempts])).toEqual([[first.id, 2]]);
      const log = await bots().listDeliveries(b.uid, 3);
      expect(log.map((d) => d.id)).toEqual([...ids].reverse().slice(0, 3));
      await bots().failPending(b.uid, 'webhook removed');
      const all = await bots().listDeliveries(b.uid, 10);
      expect(all.every((d) => d.status === 'failed')).toBe(true);
      expect(await bots().claimDue(T0 + 10_000, T0 + 20_000, 10)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
