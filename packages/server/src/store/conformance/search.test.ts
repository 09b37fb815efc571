import type { MessageTarget } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../search-text.js';
import type { SearchFilter, Store } from '../types.js';
import { useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, T0, textMessage } from '../../../test/support/store-fixtures.js';

const find = async (store: Store, uid: number, q: string, extra: Partial<SearchFilter> = {}) =>
  (await store.search.search({ uid, terms: parseQuery(q), limit: 50, ...extra })).map((r) => r.content);

describe('store conformance: full-text search', () => {
  const db = useTestStore();

  async function setup() {
    const { store } = db();
    const a = (await store.users.create(newUser())).uid;
    const b = (await store.users.create(newUser())).uid;
    const c = (await store.users.create(newUser())).uid;
    const pub = await store.groups.create(newGroup());
    const priv = await store.groups.create(newGroup({ is_public: false, owner: a }));
    await store.groups.addMembers(priv.gid, [a, b], T0);
    const send = (from: number, target: MessageTarget, text: string, at = T0) =>
      store.messages.insert(textMessage(from, target, text, at));
    return { store, a, b, c, pub, priv, send };
  }

  it('finds words, phrases and prefixes, case and accent blind, newest first', async () => {
    const { store, a, pub, send } = await setup();
    await send(a, { gid: pub.gid }, 'The quick brown fox');
    await send(a, { gid: pub.gid }, 'Café au lait, QUICK!');
    await send(a, { gid: pub.gid }, 'brown quick dog');
    expect(await find(store, a, 'quick')).toEqual([
      'brown quick dog',
      'Café au lait, QUICK!',
      'The quick brown fox',
    ]);
    expect(await find(store, a, '"quick brown"')).toEqual(['The quick brown fox']);
    expect(await find(store, a, 'cafe')).toEqual(['Café au lait, QUICK!']);
    expect(await find(store, a, 'bro*')).toEqual(['brown quick dog', 'The quick brown fox']);
    expect(await find(store, a, 'quick dog')).toEqual(['brown quick dog']);
    expect(await find(store, a, 'qui')).toEqual([]);
    expect(await find(store, a, 'nothing-here')).toEqual([]);
  });

  it('stores a message with a word of any length, found by its first characters', async () => {
    const { store, a, pub, send } = await setup();
    const word = 'é'.repeat(40_000);
    await send(a, { gid: pub.gid }, `long ${word}`);
    expect(await find(store, a, 'long')).toEqual([`long ${word}`]);
    expect(await find(store, a, `${'e'.repeat(20)}*`)).toEqual([`long ${word}`]);
  });

  it('finds Chinese and Japanese inside runs without spaces', async () => {
    const { store, a, pub, send } = await setup();
    await send(a, { gid: pub.gid }, '我们明天去北京开会');
    await send(a, { gid: pub.gid }, '東京タワーに行きました');
    await send(a, { gid: pub.gid }, '京都 is nice');
    expect(await find(store, a, '北京')).toEqual(['我们明天去北京开会']);
    expect(await find(store, a, '明天去北京')).toEqual(['我们明天去北京开会']);
    expect(await find(store, a, 'タワー')).toEqual(['東京タワーに行きました']);
    expect(await find(store, a, '京')).toEqual([
      '京都 is nice',
      '東京タワーに行きました',
      '我们明天去北京开会',
    ]);
    expect(await find(store, a, '"京都 is"')).toEqual(['京都 is nice']);
    expect(await find(store, a, '大阪')).toEqual([]);
  });

  it('searches only what the reader may read, inside the query', async () => {
    const { store, a, b, c, pub, priv, send } = await setup();
    await send(a, { gid: pub.gid }, 'secret in public');
    await send(a, { gid: priv.gid }, 'secret in private');
    await send(a, { uid: b }, 'secret for b');
    await send(b, { uid: b }, 'secret note to self');
    expect(await find(store, a, 'secret')).toEqual(['secret for b', 'secret in private', 'secret in public']);
    expect(await find(store, b, 'secret')).toEqual([
      'secret note to self',
      'secret for b',
      'secret in private',
      'secret in public',
    ]);
    expect(await find(store, c, 'secret')).toEqual(['secret in public']);
    // A removed member no longer finds the channel's messages; a deleted channel is gone for all.
    await store.groups.removeMembers(priv.gid, [b]);
    expect(await find(store, b, 'private')).toEqual([]);
    await store.groups.delete(priv.gid);
    expect(await find(store, a, 'private')).toEqual([]);
    // Even a limit of 1 finds the readable message: permissions are not applied after the limit.
    await send(a, { uid: b }, 'later secret between a and b');
    expect(await find(store, c, 'secret', { limit: 1 })).toEqual(['secret in public']);
  });

  it('applies the filters: from, channel, DM, type, dates, paging', async () => {
    const { store, a, b, pub, priv, send } = await setup();
    const m1 = await send(a, { gid: pub.gid }, 'report one', T0);
    await send(b, { gid: pub.gid }, 'report two', T0 + 1000);
    await send(b, { gid: priv.gid }, 'report three', T0 + 2000);
    await send(b, { uid: a }, 'report four', T0 + 3000);
    expect(await find(store, a, 'report', { from: b })).toEqual([
      'report four',
      'report three',
      'report two',
    ]);
    expect(await find(store, a, 'report', { gid: pub.gid })).toEqual(['report two', 'report one']);
    expect(await find(store, a, 'report', { dmWith: b })).toEqual(['report four']);
    expect(await find(store, a, 'report', { after: T0 + 1000, before: T0 + 3000 })).toEqual([
      'report three',
      'report two',
    ]);
    expect(await find(store, a, 'report', { contentTypes: ['text/markdown'] })).toEqual([]);
    expect(await find(store, a, 'report', { contentTypes: ['text/plain'], limit: 2 })).toEqual([
      'report four',
      'report three',
    ]);
    const page = await store.search.search({
      uid: a,
      terms: parseQuery('report'),
      limit: 2,
      beforeMid: m1.mid + 2,
    });
    expect(page.map((r) => r.content)).toEqual(['report two', 'report one']);
    expect(page[1]).toEqual({
      mid: m1.mid,
      from_uid: a,
      target: { gid: pub.gid },
      created_at: T0,
      content_type: 'text/plain',
      content: 'report one',
      edited_at: null,
    });
  });

  it('edits replace the indexed text and deletes remove it, in the same transaction', async () => {
    const { store, a, pub, send } = await setup();
    const target = { gid: pub.gid };
    const m = await send(a, target, 'original wording');
    await store.messages.insert({
      from_uid: a,
      target,
      created_at: T0 + 5,
      detail: {
        type: 'reaction',
        mid: m.mid,
        detail: { type: 'edit', properties: null, content_type: 'text/plain', content: 'revised 改訂版' },
      },
    });
    expect(await find(store, a, 'original')).toEqual([]);
    expect(await find(store, a, 'revised')).toEqual(['revised 改訂版']);
    expect((await store.search.search({ uid: a, terms: parseQuery('改訂'), limit: 5 }))[0]).toMatchObject({
      mid: m.mid,
      edited_at: T0 + 5,
    });
    await store.messages.insert({
      from_uid: a,
      target,
      created_at: T0 + 6,
      detail: { type: 'reaction', mid: m.mid, detail: { type: 'delete' } },
    });
    expect(await find(store, a, 'revised')).toEqual([]);
    // A rolled-back insert leaves nothing findable.
    await expect(
      store.transaction(async (tx) => {
        await tx.messages.insert(textMessage(a, target, 'rolled back'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await find(store, a, 'rolled')).toEqual([]);
  });
});
