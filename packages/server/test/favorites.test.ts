/**
 * Favorites (API.md §8, §15.7): saved per user from messages they may read, listed oldest first,
 * read and removed by their owner only (someone else's is 404), at most 100 each.
 */
import { MAX_FAVORITES, type Archive, type Favorite } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createUser, login, sendText, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();

async function say(user: TestUser, to: { gid: number } | { uid: number }, text: string): Promise<number> {
  const res = await sendText(t, user, to, text);
  expect(res.status, res.text).toBe(200);
  return res.json as number;
}
const save = (user: TestUser | null, json: unknown) =>
  t.request('POST', '/favorite', { token: user?.token, json });
const list = async (user: TestUser) => {
  const res = await t.request('GET', '/favorite', { token: user.token });
  expect(res.status).toBe(200);
  return res.json as Favorite[];
};
const read = (user: TestUser, id: string) => t.request('GET', `/favorite/${id}`, { token: user.token });
const remove = (user: TestUser, id: string) => t.request('DELETE', `/favorite/${id}`, { token: user.token });

async function saved(user: TestUser, mids: number[]): Promise<Favorite> {
  const res = await save(user, { mid_list: mids });
  expect(res.status, res.text).toBe(200);
  return res.json as Favorite;
}

describe('favorites', () => {
  it('saves, lists oldest first, reads the archive and removes', async () => {
    const m1 = await say(alice, { gid: priv }, 'keep this');
    const m2 = await say(bob, { uid: alice.uid }, 'and this');
    const first = await saved(alice, [m1]);
    expect(first).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), created_at: expect.any(Number) });
    const second = await saved(alice, [m2, m1]);
    expect(await list(alice)).toEqual([first, second]);
    const res = await read(alice, second.id);
    expect(res.status).toBe(200);
    const archive = res.json as Archive;
    expect(archive.users).toEqual([
      { name: 'alice', avatar: null },
      { name: 'bob', avatar: null },
    ]);
    expect(archive.messages.map((m) => [m.from_user, m.content, m.source])).toEqual([
      [0, 'keep this', { gid: priv }],
      [1, 'and this', { uid: alice.uid }],
    ]);
    // The owner's other devices see the same list (it is listed at boot, API.md §15.1).
    const elsewhere = await login(t, alice.email, alice.password);
    expect(await list(elsewhere)).toEqual([first, second]);

    const del = await remove(alice, first.id);
    expect(del.status).toBe(200);
    expect(del.text).toBe('');
    expect(await list(alice)).toEqual([second]);
    expect((await read(alice, first.id)).status).toBe(404);
    expect((await remove(alice, first.id)).status).toBe(404);
  });

  it('keeps what was saved after the original is edited or deleted', async () => {
    const mid = await say(bob, { gid: pub }, 'original');
    const fav = await saved(bob, [mid]);
    await t.request('PUT', `/message/${mid}/edit`, {
      token: bob.token,
      body: 'changed',
      headers: { 'content-type': 'text/plain' },
    });
    expect((await t.request('DELETE', `/message/${mid}`, { token: bob.token })).status).toBe(200);
    expect(((await read(bob, fav.id)).json as Archive).messages[0]!.content).toBe('original');
  });

  it("someone else's favorite is 404 to read and to remove, and stays", async () => {
    const fav = await saved(bob, [await say(bob, { gid: priv }, 'bob only')]);
    for (const other of [carol, alice, admin]) {
      expect((await read(other, fav.id)).status).toBe(404);
      expect((await remove(other, fav.id)).status).toBe(404);
      expect((await list(other)).map((f) => f.id)).not.toContain(fav.id);
    }
    expect((await read(bob, fav.id)).status).toBe(200);
  });

  it('refuses messages the caller may not read, and saves nothing', async () => {
    const secret = await say(alice, { gid: priv }, 'members only');
    const dm = await say(alice, { uid: bob.uid }, 'private');
    const before = await list(carol);
    expect((await save(carol, { mid_list: [secret] })).status).toBe(403);
    expect((await save(carol, { mid_list: [dm] })).status).toBe(404);
    expect((await save(carol, { mid_list: [9_999_999] })).status).toBe(404);
    expect((await save(null, { mid_list: [secret] })).status).toBe(401);
    for (const bad of [{}, { mid_list: [] }, { mid_list: 'x' }, { mid_list: [1.5] }]) {
      expect((await save(carol, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await read(carol, 'not-a-favorite')).status).toBe(404);
    expect(await list(carol)).toEqual(before);
  });

  it(`stops at ${MAX_FAVORITES} favorites with 429`, async () => {
    const user = await createUser(t, 'hoarder');
    const mid = await say(user, { gid: pub }, 'again and again');
    for (let i = 0; i < MAX_FAVORITES; i++) await saved(user, [mid]);
    const res = await save(user, { mid_list: [mid] });
    expect(res.status).toBe(429);
    expect(await list(user)).toHaveLength(MAX_FAVORITES);
    await remove(user, (await list(user))[0]!.id);
    expect((await save(user, { mid_list: [mid] })).status).toBe(200);
  });
});
