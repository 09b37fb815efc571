import type { ChatMessage, MessageDetail, MessageTarget } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../index.js';
import { createTestStore, useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, T0, textMessage } from '../../../test/support/store-fixtures.js';

async function makeUsers(store: Store, n: number): Promise<number[]> {
  const uids: number[] = [];
  for (let i = 0; i < n; i++) uids.push((await store.users.create(newUser())).uid);
  return uids;
}

/** The conversation a record belongs to, from `uid`'s point of view. */
function conversationOf(m: ChatMessage, uid: number): string {
  if ('gid' in m.target) return `g${m.target.gid}`;
  return `u${m.from_uid === uid ? m.target.uid : m.from_uid}`;
}

describe('store conformance: messages', () => {
  const db = useTestStore();
  const messages = () => db().store.messages;

  it('assigns strictly increasing mids and reads records back exactly', async () => {
    const [a, b] = await makeUsers(db().store, 2);
    const g = await db().store.groups.create(newGroup());
    const details: MessageDetail[] = [
      {
        type: 'normal',
        properties: { local_id: T0, mentions: [b], nested: { ok: true } },
        content_type: 'text/markdown',
        content: '**hi** ✓ 日本語',
        expires_in: 60,
      },
      { type: 'reply', mid: 1, properties: null, content_type: 'text/plain', content: 're' },
      { type: 'reaction', mid: 1, detail: { type: 'like', action: '👍' } },
      {
        type: 'reaction',
        mid: 1,
        detail: { type: 'edit', properties: { a: 1 }, content_type: 'text/plain', content: 'edited' },
      },
      { type: 'reaction', mid: 1, detail: { type: 'delete' } },
    ];
    let last = await messages().maxMid();
    for (const detail of details) {
      const inserted = await messages().insert({
        from_uid: a!,
        target: { gid: g.gid },
        created_at: T0 + 7,
        detail,
      });
      expect(inserted).toEqual({
        mid: inserted.mid,
        from_uid: a,
        created_at: T0 + 7,
        target: { gid: g.gid },
        detail,
      });
      expect(inserted.mid).toBeGreaterThan(last);
      last = inserted.mid;
      expect(await messages().get(inserted.mid)).toEqual(inserted);
      expect(await messages().maxMid()).toBe(inserted.mid);
    }
    expect(await messages().get(last + 1000)).toBeUndefined();
  });

  it('keeps a DM target as the sender addressed it', async () => {
    const [a, b] = await makeUsers(db().store, 2);
    const ab = await messages().insert(textMessage(a!, { uid: b! }, 'a to b'));
    const ba = await messages().insert(textMessage(b!, { uid: a! }, 'b to a'));
    const self = await messages().insert(textMessage(a!, { uid: a! }, 'note to self'));
    expect((await messages().get(ab.mid))?.target).toEqual({ uid: b });
    expect((await messages().get(ba.mid))?.target).toEqual({ uid: a });
    expect((await messages().get(self.mid))?.target).toEqual({ uid: a });
    expect(await messages().dmHistory(a!, b!, { limit: 10 })).toEqual([ab, ba]);
    expect(await messages().dmHistory(b!, a!, { limit: 10 })).toEqual([ab, ba]);
    expect(await messages().dmHistory(a!, a!, { limit: 10 })).toEqual([self]);
  });

  it('inserts a batch in one transaction: mids ascend in input order, and all or nothing', async () => {
    const [a, b] = await makeUsers(db().store, 2);
    const g = await db().store.groups.create(newGroup(a!));
    expect(await messages().insertMany([])).toEqual([]);
    const before = await messages().maxMid();
    const batch = [
      textMessage(a!, { gid: g.gid }, 'one'),
      textMessage(b!, { uid: a! }, 'two'),
      textMessage(a!, { gid: g.gid }, 'three'),
    ];
    const inserted = await messages().insertMany(batch);
    expect(inserted.map((m) => m.detail)).toEqual(batch.map((m) => m.detail));
    expect(inserted[0]!.mid).toBeGreaterThan(before);
    expect(inserted.map((m) => m.mid)).toEqual([...inserted.map((m) => m.mid)].sort((x, y) => x - y));
    expect(await messages().listRange(before, inserted[2]!.mid, 10)).toEqual(inserted);

    const broken = { ...textMessage(a!, { gid: g.gid }, 'no sender'), from_uid: null as unknown as number };
    await expect(messages().insertMany([textMessage(a!, { gid: g.gid }, 'four'), broken])).rejects.toThrow();
    expect(await messages().maxMid()).toBe(inserted[2]!.mid);
  });

  it('answers the previous mid and ranges of mids across conversations', async () => {
    const [a, b] = await makeUsers(db().store, 2);
    const g = await db().store.groups.create(newGroup(a!));
    const m1 = await messages().insert(textMessage(a!, { uid: b! }, 'one'));
    const m2 = await messages().insert(textMessage(a!, { gid: g.gid }, 'two'));
    const m3 = await messages().insert(textMessage(b!, { uid: a! }, 'three'));
    expect(await messages().previousMid(m3.mid)).toBe(m2.mid);
    expect(await messages().previousMid(m2.mid)).toBe(m1.mid);
    expect(await messages().previousMid(m3.mid + 50)).toBe(m3.mid);
    expect(await messages().previousMid(1)).toBe(0);
    expect(await messages().listRange(m1.mid - 1, m3.mid, 10)).toEqual([m1, m2, m3]);
    expect(await messages().listRange(m1.mid, m3.mid, 10)).toEqual([m2, m3]);
    expect(await messages().listRange(m1.mid, m3.mid, 1)).toEqual([m2]);
    expect(await messages().listRange(m3.mid, m3.mid + 9, 10)).toEqual([]);
  });

  it('pages channel and DM history backwards, each page ascending', async () => {
    const [a, b, c] = await makeUsers(db().store, 3);
    const g = await db().store.groups.create(newGroup());
    const other = await db().store.groups.create(newGroup());
    const inGroup: ChatMessage[] = [];
    const inDm: ChatMessage[] = [];
    for (let i = 0; i < 12; i++) {
      inGroup.push(await messages().insert(textMessage(i % 2 ? a! : b!, { gid: g.gid }, `g${i}`)));
      await messages().insert(textMessage(a!, { gid: other.gid }, 'noise'));
      inDm.push(await messages().insert(textMessage(i % 2 ? a! : b!, { uid: i % 2 ? b! : a! }, `d${i}`)));
      await messages().insert(textMessage(a!, { uid: c! }, 'other dm'));
    }
    for (const [history, all] of [
      [(p: { before?: number; limit: number }) => messages().groupHistory(g.gid, p), inGroup],
      [(p: { before?: number; limit: number }) => messages().dmHistory(b!, a!, p), inDm],
    ] as const) {
      expect(await history({ limit: 5 })).toEqual(all.slice(7));
      expect(await history({ limit: 100 })).toEqual(all);
      expect(await history({ before: all[8]!.mid, limit: 5 })).toEqual(all.slice(3, 8));
      expect(await history({ before: all[2]!.mid, limit: 5 })).toEqual(all.slice(0, 2));
      expect(await history({ before: all[0]!.mid, limit: 5 })).toEqual([]);
      expect(await history({ limit: 0 })).toEqual([]);
      const pages: ChatMessage[] = [];
      let before: number | undefined;
      for (;;) {
        const page = await history({ before, limit: 5 });
        if (page.length === 0) break;
        pages.unshift(...page);
        before = page[0]!.mid;
      }
      expect(pages).toEqual(all);
    }
    expect(await messages().groupHistory(999_999, { limit: 10 })).toEqual([]);
  });

  it('reports 0 as the max mid of an empty database', async () => {
    const fresh = await createTestStore();
    try {
      expect(await fresh.store.messages.maxMid()).toBe(0);
      expect(await fresh.store.messages.listForUser(1, [1], 0, 10)).toEqual([]);
      expect(await fresh.store.messages.recentForUser(1, [1], 10)).toEqual([]);
    } finally {
      await fresh.cleanup();
    }
  });

  describe('per-user reads over one busy and several quiet conversations', () => {
    async function scenario() {
      const { store } = await createTestStore().then((t) => {
        cleanups.push(t.cleanup);
        return t;
      });
      const [me, p1, p2, p3, x, y] = await makeUsers(store, 6);
      const [busy, quiet1, quiet2, quiet3, foreign] = await Promise.all(
        [0, 1, 2, 3, 4].map(() => store.groups.create(newGroup())),
      );
      const all: ChatMessage[] = [];
      const send = async (from: number, target: MessageTarget, i: number) =>
        all.push(await store.messages.insert(textMessage(from, target, `m${i}`, T0 + i)));
      await send(p3!, { gid: quiet2!.gid }, -2);
      await send(me!, { uid: me! }, -1);
      for (let i = 0; i < 60; i++) {
        await send(i % 3 ? p1! : me!, { gid: busy!.gid }, i);
        if (i % 4 === 0) await send(i % 8 ? me! : p1!, { uid: i % 8 ? p1! : me! }, i);
        if (i === 5 || i === 40) await send(p2!, { gid: quiet1!.gid }, i);
        if (i % 7 === 0) await send(x!, { uid: y! }, i);
        if (i % 5 === 0) await send(p3!, { gid: foreign!.gid }, i);
        if (i === 30) await send(p2!, { uid: me! }, i);
      }
      // A reaction in the busy channel is a record of that conversation too.
      all.push(
        await store.messages.insert({
          from_uid: p1!,
          target: { gid: busy!.gid },
          created_at: T0 + 100,
          detail: { type: 'reaction', mid: all[3]!.mid, detail: { type: 'like', action: '🎉' } },
        }),
      );
      await send(me!, { uid: me! }, 101);
      const gids = [busy!.gid, quiet1!.gid, quiet2!.gid, quiet3!.gid];
      const mine = all.filter((m) =>
        'gid' in m.target ? gids.includes(m.target.gid) : m.from_uid === me || m.target.uid === me,
      );
      return { store, me: me!, gids, all, mine };
    }
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });

    it('lists records after a mid across channels and DMs, ascending, in pages', async () => {
      const { store, me, gids, mine } = await scenario();
      expect(await store.messages.listForUser(me, gids, 0, 10_000)).toEqual(mine);
      expect(await store.messages.listForUser(me, gids, 0, 7)).toEqual(mine.slice(0, 7));
      const after = mine[20]!.mid;
      expect(await store.messages.listForUser(me, gids, after, 10)).toEqual(mine.slice(21, 31));
      const paged: ChatMessage[] = [];
      let cursor = 0;
      for (;;) {
        const page = await store.messages.listForUser(me, gids, cursor, 9);
        if (page.length === 0) break;
        paged.push(...page);
        cursor = page.at(-1)!.mid;
      }
      expect(paged).toEqual(mine);
      const dmsOnly = mine.filter((m) => 'uid' in m.target);
      expect(await store.messages.listForUser(me, [], 0, 10_000)).toEqual(dmsOnly);
      expect(await store.messages.listForUser(me, gids, 0, 0)).toEqual([]);
    });

    it('returns the newest messages of every conversation with their reactions, quiet ones included, ascending overall', async () => {
      const { store, me, gids, mine } = await scenario();
      for (const per of [1, 3, 5, 1000]) {
        const byConversation = new Map<string, ChatMessage[]>();
        for (const m of mine) {
          const key = conversationOf(m, me);
          byConversation.set(key, [...(byConversation.get(key) ?? []), m]);
        }
        // From the per-th newest message on, without reactions to messages older than that.
        const fromFloor = (list: ChatMessage[]) => {
          const messages = list.filter((m) => m.detail.type !== 'reaction');
          const floor = messages.length >= per ? messages[messages.length - per]!.mid : 0;
          return list.filter(
            (m) => m.mid >= floor && (m.detail.type !== 'reaction' || m.detail.mid >= floor),
          );
        };
        const expected = [...byConversation.values()].flatMap(fromFloor).sort((a, b) => a.mid - b.mid);
        const recent = await store.messages.recentForUser(me, gids, per);
        expect(recent).toEqual(expected);
      }
      const recent = await store.messages.recentForUser(me, gids, 5);
      const conversations = new Set(recent.map((m) => conversationOf(m, me)));
      // busy, quiet1, quiet2 (quiet3 is empty), the busy DM, the quiet DM, notes to self.
      expect(conversations.size).toBe(6);
      expect(await store.messages.recentForUser(me, gids, 0)).toEqual([]);
      const dms = mine.filter((m) => 'uid' in m.target);
      expect(await store.messages.recentForUser(me, [], 1000)).toEqual(dms);
      const newestPerDm = await store.messages.recentForUser(me, [], 1);
      expect(newestPerDm.map((m) => conversationOf(m, me)).sort()).toEqual(
        [...new Set(dms.map((m) => conversationOf(m, me)))].sort(),
      );
    });
  });
});
