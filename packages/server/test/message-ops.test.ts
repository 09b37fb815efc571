/**
 * Replies, edits and their versions, deletes (single and bulk) and reactions (API.md §6.2, §15.7):
 * the answers, the records on the stream and who receives them, and what a fresh device rebuilds.
 */
import { LIMITS, REACTION_EMOJIS, type ChatMessage, type ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createChannel, properties, sendText, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { chats, streamsClosedAfterEach, type TestStream } from './support/sse.js';

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();

const streams = streamsClosedAfterEach();
const ready = (user: TestUser) => streams.ready(t.url, user.token);

type Target = { gid: number } | { uid: number };
const text = { 'content-type': 'text/plain' };

async function say(user: TestUser, to: Target, body: string): Promise<number> {
  const res = await sendText(t, user, to, body);
  expect(res.status, res.text).toBe(200);
  return res.json as number;
}
const reply = (
  user: TestUser | null,
  mid: number | string,
  body: string,
  headers: Record<string, string> = text,
) => t.request('POST', `/message/${mid}/reply`, { token: user?.token, body, headers });
const edit = (
  user: TestUser | null,
  mid: number | string,
  body: string,
  headers: Record<string, string> = text,
) => t.request('PUT', `/message/${mid}/edit`, { token: user?.token, body, headers });
const like = (user: TestUser | null, mid: number | string, json: unknown) =>
  t.request('PUT', `/message/${mid}/like`, { token: user?.token, json });
const remove = (user: TestUser | null, mid: number | string) =>
  t.request('DELETE', `/message/${mid}`, { token: user?.token });
const bulk = (user: TestUser | null, list: string) =>
  t.request('DELETE', `/message/bulk/${list}`, { token: user?.token });
const versions = (user: TestUser, mid: number | string) =>
  t.request('GET', `/message/${mid}/versions`, { token: user.token });
async function history(user: TestUser, to: Target): Promise<ChatMessage[]> {
  const path = 'gid' in to ? `/group/${to.gid}/history` : `/user/${to.uid}/history`;
  const res = await t.request('GET', path, { token: user.token });
  expect(res.status).toBe(200);
  return res.json as ChatMessage[];
}
const chatWith = (mid: number) => (e: ServerEvent) => e.type === 'chat' && e.mid === mid;
const ok = async (response: Promise<{ status: number; text: string; json: unknown }>) => {
  const res = await response;
  expect(res.status, res.text).toBe(200);
  return res.json as number;
};

/**
 * Sends a DM to `user` and waits for it on their stream: everything published to them before it
 * has arrived, so its absence means it was never sent to them.
 */
async function settle(stream: TestStream, user: TestUser) {
  const mid = await say(admin, { uid: user.uid }, 'barrier');
  await stream.waitFor(chatWith(mid));
}
const about = (stream: TestStream, mid: number) =>
  chats(stream.events).filter((e) => e.mid === mid || ('mid' in e.detail && e.detail.mid === mid));

describe('replies', () => {
  it('replies in a channel: a reply record to every member, with the properties echoed', async () => {
    const original = await say(alice, { gid: priv }, 'the question');
    const [sa, sb, sc] = await Promise.all([ready(alice), ready(bob), ready(carol)]);
    const res = await reply(bob, original, 'the answer', {
      ...text,
      'x-properties': properties({ local_id: 1700000000042 }),
    });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^\d+$/);
    const mid = res.json as number;
    const expected = {
      type: 'chat',
      mid,
      from_uid: bob.uid,
      created_at: expect.any(Number),
      target: { gid: priv },
      detail: {
        type: 'reply',
        mid: original,
        properties: { local_id: 1700000000042 },
        content_type: 'text/plain',
        content: 'the answer',
      },
    };
    expect(await sa.waitFor(chatWith(mid))).toEqual(expected);
    expect(await sb.waitFor(chatWith(mid))).toEqual(expected);
    await settle(sc, carol);
    expect(about(sc, original)).toEqual([]);
    expect((await history(alice, { gid: priv })).at(-1)).toEqual({ ...expected, type: undefined });
  });

  it('replies in a DM addressed to the other party, seen by both and nobody else', async () => {
    const original = await say(alice, { uid: bob.uid }, 'psst');
    const [sa, sc] = await Promise.all([ready(alice), ready(carol)]);
    const mid = await ok(reply(bob, original, 'yes?'));
    expect(await sa.waitFor(chatWith(mid))).toMatchObject({
      from_uid: bob.uid,
      target: { uid: alice.uid },
      detail: { type: 'reply', mid: original },
    });
    await settle(sc, carol);
    expect(about(sc, original)).toEqual([]);
    // Replying to a reply, and from the sender's side of the DM.
    const again = await ok(reply(alice, mid, 'this'));
    expect(await sa.waitFor(chatWith(again))).toMatchObject({ target: { uid: bob.uid } });
  });

  it('refuses: 401, 404 unknown or not a message or someone else’s DM, 403 outside a private channel, 415, 400', async () => {
    const original = await say(alice, { gid: priv }, 'private');
    const dm = await say(alice, { uid: bob.uid }, 'between us');
    const liked = await ok(like(alice, original, { action: '👍' }));
    expect((await reply(null, original, 'anon')).status).toBe(401);
    expect((await reply(carol, 999999999, 'nothing')).status).toBe(404);
    expect((await reply(carol, dm, 'eavesdrop')).status).toBe(404);
    expect((await reply(alice, liked, 'to a like')).status).toBe(404);
    expect((await reply(carol, original, 'let me in')).status).toBe(403);
    expect((await reply(bob, original, '{}', { 'content-type': 'application/json' })).status).toBe(415);
    expect((await reply(bob, original, '  ')).status).toBe(400);
    expect((await reply(bob, 'abc', 'x')).status).toBe(400);
    expect((await reply(bob, original, 'x'.repeat(LIMITS.messageMaxBytes + 1))).status).toBe(413);
  });
});

describe('edits', () => {
  it('the author edits: an edit record to every reader; the versions list the original first', async () => {
    const original = await ok(
      t.request('POST', `/group/${pub}/send`, {
        token: alice.token,
        body: 'frist',
        headers: { ...text, 'x-properties': properties({ local_id: 1, mentions: [] }) },
      }),
    );
    const [sb, sc] = await Promise.all([ready(bob), ready(carol)]);
    // No X-Properties, as the web client edits (API.md §15.7).
    const res = await edit(alice, original, '**first**', { 'content-type': 'text/markdown' });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^\d+$/);
    const mid = res.json as number;
    const expected = {
      type: 'chat',
      mid,
      from_uid: alice.uid,
      created_at: expect.any(Number),
      target: { gid: pub },
      detail: {
        type: 'reaction',
        mid: original,
        detail: { type: 'edit', properties: null, content_type: 'text/markdown', content: '**first**' },
      },
    };
    expect(await sb.waitFor(chatWith(mid))).toEqual(expected);
    expect(await sc.waitFor(chatWith(mid))).toEqual(expected);
    const second = await ok(
      edit(alice, original, 'first!', { ...text, 'x-properties': properties({ mentions: [bob.uid] }) }),
    );
    const list = await versions(carol, original);
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      {
        mid: original,
        created_at: expect.any(Number),
        content_type: 'text/plain',
        content: 'frist',
        properties: { local_id: 1, mentions: [] },
      },
      {
        mid,
        created_at: expect.any(Number),
        content_type: 'text/markdown',
        content: '**first**',
        properties: { local_id: 1, mentions: [] },
      },
      {
        mid: second,
        created_at: expect.any(Number),
        content_type: 'text/plain',
        content: 'first!',
        properties: { local_id: 1, mentions: [bob.uid] },
      },
    ]);
  });

  it('edits a reply and a DM; a message never edited has one version', async () => {
    const dm = await say(bob, { uid: alice.uid }, 'hi');
    const answer = await ok(reply(alice, dm, 'hello'));
    await ok(edit(alice, answer, 'hello there'));
    await ok(edit(bob, dm, 'hi alice'));
    expect((await versions(alice, answer)).json).toMatchObject([
      { content: 'hello' },
      { content: 'hello there' },
    ]);
    expect((await versions(bob, dm)).json).toMatchObject([{ content: 'hi' }, { content: 'hi alice' }]);
    const plain = await say(bob, { gid: pub }, 'as sent');
    expect((await versions(carol, plain)).json).toMatchObject([{ mid: plain, content: 'as sent' }]);
  });

  it('refuses: 403 for anyone but the author (administrators too), 404 and 403 as for reading, 415, 400', async () => {
    const original = await say(alice, { gid: priv }, 'mine');
    const dm = await say(alice, { uid: bob.uid }, 'ours');
    expect((await edit(null, original, 'anon')).status).toBe(401);
    expect((await edit(bob, original, 'not yours')).status).toBe(403);
    const inPublic = await say(alice, { gid: pub }, 'public');
    expect((await edit(admin, inPublic, 'admin')).status).toBe(403);
    expect((await edit(carol, original, 'outsider')).status).toBe(403);
    expect((await edit(carol, dm, 'outsider')).status).toBe(404);
    expect((await edit(alice, 999999999, 'nothing')).status).toBe(404);
    expect((await edit(alice, original, '<b/>', { 'content-type': 'text/html' })).status).toBe(415);
    expect((await edit(alice, original, '')).status).toBe(400);
    expect((await versions(carol, original)).status).toBe(403);
    expect((await versions(carol, dm)).status).toBe(404);
    expect((await versions(alice, 999999999)).status).toBe(404);
    expect((await versions(alice, 'x')).status).toBe(400);
    expect((await history(alice, { gid: priv })).at(-1)).toMatchObject({ mid: original });
  });
});

describe('deletes', () => {
  it('the author deletes: a delete record to every reader, the text erased, the versions gone', async () => {
    const original = await say(alice, { gid: priv }, 'oops, a secret');
    await ok(edit(alice, original, 'still a secret'));
    const [sb, sc] = await Promise.all([ready(bob), ready(carol)]);
    const res = await remove(alice, original);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^\d+$/);
    const mid = res.json as number;
    expect(await sb.waitFor(chatWith(mid))).toEqual({
      type: 'chat',
      mid,
      from_uid: alice.uid,
      created_at: expect.any(Number),
      target: { gid: priv },
      detail: { type: 'reaction', mid: original, detail: { type: 'delete' } },
    });
    await settle(sc, carol);
    expect(about(sc, original)).toEqual([]);
    const records = (await history(bob, { gid: priv })).filter(
      (m) => m.mid === original || ('mid' in m.detail && m.detail.mid === original),
    );
    expect(records.map((m) => m.detail)).toEqual([
      { type: 'normal', properties: null, content_type: 'text/plain', content: '', expires_in: null },
      {
        type: 'reaction',
        mid: original,
        detail: { type: 'edit', properties: null, content_type: 'text/plain', content: '' },
      },
      { type: 'reaction', mid: original, detail: { type: 'delete' } },
    ]);
    expect(JSON.stringify(await history(alice, { gid: priv }))).not.toContain('secret');
    expect((await versions(alice, original)).status).toBe(404);
    // Gone for every later action.
    expect((await remove(alice, original)).status).toBe(404);
    expect((await edit(alice, original, 'back')).status).toBe(404);
    expect((await reply(bob, original, 're')).status).toBe(404);
    expect((await like(bob, original, { action: '👍' })).status).toBe(404);
  });

  it('an administrator deletes anyone’s message; others may not (403); unknown ones are 404', async () => {
    const a = await say(alice, { gid: pub }, 'by alice');
    expect((await remove(bob, a)).status).toBe(403);
    expect((await remove(null, a)).status).toBe(401);
    expect((await remove(carol, 999999999)).status).toBe(404);
    expect((await remove(carol, 'x')).status).toBe(400);
    await ok(remove(admin, a));
    const dm = await say(alice, { uid: bob.uid }, 'dm');
    expect((await remove(bob, dm)).status).toBe(403);
    expect((await remove(carol, dm)).status).toBe(404);
  });

  it('bulk: one id or several, the delete records’ mids in list order, all or nothing', async () => {
    const [sb] = [await ready(bob)];
    const one = await say(alice, { gid: priv }, 'one');
    const single = await bulk(alice, String(one));
    expect(single.status).toBe(200);
    expect(single.json).toEqual([expect.any(Number)]);
    await sb.waitFor(chatWith((single.json as number[])[0]!));

    const mids = [await say(alice, { gid: priv }, 'a'), await say(bob, { gid: priv }, 'b')];
    const dm = await say(alice, { uid: carol.uid }, 'c');
    // Bob's message in the list: alice may not delete it, so nothing goes.
    expect((await bulk(alice, `${mids[0]},${mids[1]},${dm}`)).status).toBe(403);
    // An unknown id outranks the forbidden one, wherever it stands.
    expect((await bulk(alice, `${mids[1]},${mids[0]},999999999`)).status).toBe(404);
    expect((await history(alice, { gid: priv })).filter((m) => mids.includes(m.mid))).toMatchObject([
      { detail: { content: 'a' } },
      { detail: { content: 'b' } },
    ]);
    // The administrator is not in the private channel: 403, and the DM deletable alone is kept.
    expect((await bulk(admin, `${mids[1]},${mids[0]}`)).status).toBe(403);
    const done = await bulk(alice, `${mids[0]},${dm},${mids[0]}`);
    expect(done.status).toBe(200);
    const [first, second] = done.json as number[];
    expect(second).toBeGreaterThan(first!);
    expect(await sb.waitFor(chatWith(first!))).toMatchObject({ detail: { mid: mids[0] } });
    expect((await history(carol, { uid: alice.uid })).find((m) => m.mid === second)).toMatchObject({
      from_uid: alice.uid,
      target: { uid: carol.uid },
      detail: { type: 'reaction', mid: dm, detail: { type: 'delete' } },
    });
  });

  it.each([
    ['letters', 'a,b'],
    ['an empty item', '1,,2'],
    ['zero', '0'],
    ['a negative id', '-1'],
    ['a fraction', '1.5'],
    ['a space', ' 1'],
    ['a NUL', '1%00'],
    ['a number beyond 2^53', '99999999999999999999'],
    ['too many ids', Array.from({ length: LIMITS.bulkDeleteMaxMessages + 1 }, (_, i) => i + 1).join(',')],
  ])('bulk: 400 for a malformed list (%s)', async (_what, list) => {
    expect((await bulk(alice, list)).status).toBe(400);
  });
});

describe('reactions', () => {
  it('each of the eight emojis is a like record to every reader; a second identical one is kept', async () => {
    const original = await say(alice, { gid: priv }, 'react to me');
    const [sa, sc] = await Promise.all([ready(alice), ready(carol)]);
    const mids: number[] = [];
    for (const action of REACTION_EMOJIS) mids.push(await ok(like(bob, original, { action })));
    mids.push(await ok(like(bob, original, { action: '👍' })));
    for (const [i, mid] of mids.entries()) {
      expect(await sa.waitFor(chatWith(mid))).toEqual({
        type: 'chat',
        mid,
        from_uid: bob.uid,
        created_at: expect.any(Number),
        target: { gid: priv },
        detail: {
          type: 'reaction',
          mid: original,
          detail: { type: 'like', action: REACTION_EMOJIS[i] ?? '👍' },
        },
      });
    }
    await settle(sc, carol);
    expect(about(sc, original)).toEqual([]);
    const likes = (await history(alice, { gid: priv })).filter(
      (m) => m.detail.type === 'reaction' && m.detail.mid === original,
    );
    expect(likes.map((m) => m.mid)).toEqual(mids);
  });

  it('likes in a DM go to the other party', async () => {
    const dm = await say(alice, { uid: bob.uid }, 'like this');
    const mid = await ok(like(bob, dm, { action: '❤️' }));
    expect((await history(alice, { uid: bob.uid })).find((m) => m.mid === mid)).toMatchObject({
      from_uid: bob.uid,
      target: { uid: alice.uid },
    });
  });

  it.each([['👍🏽'], ['+1'], [''], [':rocket:'], ['❤'], ['👍👍']])('400 for the action %j', async (action) => {
    const original = await say(alice, { gid: pub }, 'hm');
    expect((await like(bob, original, { action })).status).toBe(400);
  });

  it('refuses a body without an action (400), outsiders (403/404) and gone messages (404)', async () => {
    const original = await say(alice, { gid: priv }, 'x');
    const dm = await say(alice, { uid: bob.uid }, 'y');
    expect((await like(bob, original, {})).status).toBe(400);
    expect((await like(bob, original, { action: 5 })).status).toBe(400);
    expect((await like(bob, original, null)).status).toBe(400);
    expect((await like(null, original, { action: '👍' })).status).toBe(401);
    expect((await like(carol, original, { action: '👍' })).status).toBe(403);
    expect((await like(carol, dm, { action: '👍' })).status).toBe(404);
    expect((await like(carol, 999999999, { action: '👍' })).status).toBe(404);
    const liked = await ok(like(bob, original, { action: '👍' }));
    expect((await like(bob, liked, { action: '👍' })).status).toBe(404);
  });
});

describe('a fresh device', () => {
  it('gets a quiet channel’s message with all its reactions, however many', async () => {
    const gid = await createChannel(t, alice, { name: 'quiet', is_public: false, members: [bob.uid] });
    const original = await say(alice, { gid }, 'the only message');
    const count = LIMITS.streamBacklogPerConversation + 10;
    for (let i = 0; i < count; i++) await ok(like(bob, original, { action: '🎉' }));
    const s = await ready(alice);
    const records = chats(s.events).filter((e) => 'gid' in e.target && e.target.gid === gid);
    expect(records[0]).toMatchObject({ mid: original, detail: { content: 'the only message' } });
    expect(records.length).toBe(count + 1);
  });

  it('gets the newest live messages of each conversation, deleted ones not counted', async () => {
    const gid = await createChannel(t, alice, { name: 'busy', is_public: false, members: [bob.uid] });
    const per = LIMITS.streamBacklogPerConversation;
    const live: number[] = [];
    for (let i = 0; i < per + 2; i++) live.push(await say(alice, { gid }, `m${i}`));
    const doomed: number[] = [];
    for (let i = 0; i < 5; i++) doomed.push(await say(alice, { gid }, `gone${i}`));
    const deletes = await ok(bulk(alice, doomed.join(',')));
    const s = await ready(bob);
    const records = chats(s.events).filter((e) => 'gid' in e.target && e.target.gid === gid);
    const messages = records.filter((e) => e.detail.type === 'normal');
    // The newest `per` live ones, then the deleted ones (erased) with their delete records.
    expect(messages.map((e) => e.mid)).toEqual([...live.slice(-per), ...doomed]);
    expect(messages.slice(-5).every((e) => e.detail.type === 'normal' && e.detail.content === '')).toBe(true);
    expect(records.filter((e) => e.detail.type === 'reaction').map((e) => e.mid)).toEqual(deletes);
  });
});
