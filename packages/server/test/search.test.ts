/**
 * Message search (Parley, beyond VoceChat; docs/search.md): `GET /message/search` finds what the
 * caller may read and nothing else, with its filters, snippets and paging; edits and deletes keep
 * the results right; bad input is a 400 that changes nothing.
 */
import type { SearchHit } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { sendText, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();

async function send(user: TestUser, target: { gid: number } | { uid: number }, text: string) {
  const res = await sendText(t, user, target, text);
  expect(res.status, res.text).toBe(200);
  return res.json as number;
}

async function search(user: TestUser, params: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return t.request('GET', `/message/search?${qs}`, { token: user.token });
}

async function hits(user: TestUser, params: Record<string, string | number>): Promise<SearchHit[]> {
  const res = await search(user, params);
  expect(res.status, res.text).toBe(200);
  return res.json as SearchHit[];
}

describe('GET /message/search', () => {
  it('answers hits with where they are, a snippet and the matched ranges', async () => {
    const mid = await send(alice, { gid: pub }, 'Deploy the zephyr service on Friday');
    const [hit] = await hits(bob, { q: 'zephyr' });
    expect(hit).toEqual({
      mid,
      from_uid: alice.uid,
      created_at: expect.any(Number),
      target: { gid: pub },
      content_type: 'text/plain',
      snippet: 'Deploy the zephyr service on Friday',
      highlights: [[11, 17]],
      edited: false,
    });
    const long = `${'lorem ipsum '.repeat(40)}quasar ${'dolor sit '.repeat(40)}`;
    await send(alice, { gid: pub }, long);
    const [cut] = await hits(alice, { q: 'quasar' });
    expect(cut!.snippet.startsWith('…')).toBe(true);
    expect(cut!.snippet.endsWith('…')).toBe(true);
    const [s, e] = cut!.highlights[0]!;
    expect(cut!.snippet.slice(s, e)).toBe('quasar');
  });

  it('finds Chinese and Japanese text', async () => {
    const zh = await send(alice, { gid: pub }, '我们下周在上海开发布会');
    const ja = await send(bob, { gid: pub }, '新しいデザインを確認してください');
    expect((await hits(carol, { q: '上海' })).map((h) => h.mid)).toEqual([zh]);
    expect((await hits(carol, { q: 'デザイン' })).map((h) => h.mid)).toEqual([ja]);
    const [hit] = await hits(carol, { q: '发布会' });
    const [s, e] = hit!.highlights[0]!;
    expect(hit!.snippet.slice(s, e)).toBe('发布会');
  });

  it('a non-member finds nothing of a private channel or of others’ DMs; a removed member stops finding', async () => {
    await send(alice, { gid: priv }, 'the walrus plan is private');
    await send(alice, { uid: bob.uid }, 'walrus between alice and bob');
    await send(carol, { gid: pub }, 'a public walrus');
    expect((await hits(bob, { q: 'walrus' })).length).toBe(3);
    expect((await hits(carol, { q: 'walrus' })).map((h) => h.snippet)).toEqual(['a public walrus']);
    // Administrators read private channels only as members, so they do not find them either.
    expect((await hits(admin, { q: 'walrus' })).map((h) => h.snippet)).toEqual(['a public walrus']);
    // Asking for the channel or the DM by id does not open it.
    expect(await hits(carol, { q: 'walrus', gid: priv })).toEqual([]);
    expect(await hits(carol, { q: 'walrus', uid: alice.uid })).toEqual([]);
    const removed = await t.request('POST', `/group/${priv}/members/remove`, {
      token: alice.token,
      json: [bob.uid],
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await hits(bob, { q: 'walrus' })).map((h) => h.snippet).sort()).toEqual([
      'a public walrus',
      'walrus between alice and bob',
    ]);
    const back = await t.request('POST', `/group/${priv}/members/add`, {
      token: alice.token,
      json: [bob.uid],
    });
    expect(back.status, back.text).toBe(200);
  });

  it('filters by author, channel, DM, type and date, and pages with before_mid', async () => {
    const m1 = await send(alice, { gid: pub }, 'okapi one');
    const m2 = await send(bob, { gid: pub }, 'okapi two');
    const m3 = await send(bob, { gid: priv }, 'okapi three');
    const m4 = await send(bob, { uid: alice.uid }, 'okapi four');
    const ids = async (params: Record<string, string | number>) =>
      (await hits(alice, { q: 'okapi', ...params })).map((h) => h.mid);
    expect(await ids({})).toEqual([m4, m3, m2, m1]);
    expect(await ids({ from: bob.uid })).toEqual([m4, m3, m2]);
    expect(await ids({ gid: pub })).toEqual([m2, m1]);
    expect(await ids({ uid: bob.uid })).toEqual([m4]);
    expect(await ids({ type: 'text' })).toEqual([m4, m3, m2, m1]);
    expect(await ids({ type: 'markdown' })).toEqual([]);
    expect(await ids({ limit: 2 })).toEqual([m4, m3]);
    expect(await ids({ limit: 2, before_mid: m3 })).toEqual([m2, m1]);
    expect(await ids({ after: Date.now() + 60_000 })).toEqual([]);
    expect(await ids({ before: Date.now() + 60_000, after: 0 })).toEqual([m4, m3, m2, m1]);
    expect(await ids({ q: '"okapi three"' })).toEqual([m3]);
    expect(await ids({ q: 'oka*' })).toEqual([m4, m3, m2, m1]);
  });

  it('finds an edited message by its new text only, and a deleted one not at all', async () => {
    const mid = await send(alice, { gid: pub }, 'first draft marmalade');
    const edit = await t.request('PUT', `/message/${mid}/edit`, {
      token: alice.token,
      body: 'final version marzipan',
      headers: { 'content-type': 'text/plain' },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(await hits(bob, { q: 'marmalade' })).toEqual([]);
    expect(await hits(bob, { q: 'marzipan' })).toMatchObject([{ mid, edited: true }]);
    const del = await t.request('DELETE', `/message/${mid}`, { token: alice.token });
    expect(del.status, del.text).toBe(200);
    expect(await hits(bob, { q: 'marzipan' })).toEqual([]);
  });

  it('answers 400 to bad input and 401 without a token', async () => {
    for (const params of [
      {},
      { q: '' },
      { q: '!!! ---' },
      { q: 'x'.repeat(257) },
      { q: 'a', limit: 0 },
      { q: 'a', limit: 101 },
      { q: 'a', type: 'image' },
      { q: 'a', from: 'me' },
      { q: 'a', before_mid: -1 },
      { q: 'a', after: 'yesterday' },
    ] as Record<string, string | number>[]) {
      const res = await search(alice, params);
      expect(res.status, JSON.stringify(params)).toBe(400);
    }
    expect((await t.request('GET', '/message/search?q=a')).status).toBe(401);
  });
});
