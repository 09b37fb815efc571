/**
 * Archives and forwarding (API.md §7.3, §6.1 `vocechat/archive`): who may archive what, the
 * archive's shape, and forwarding it as messages to channels and people.
 */
import type { Archive, ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { properties, sendText, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach } from './support/sse.js';

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();

const streams = streamsClosedAfterEach();

async function say(user: TestUser, to: { gid: number } | { uid: number }, text: string): Promise<number> {
  const res = await sendText(t, user, to, text, 1234);
  expect(res.status, res.text).toBe(200);
  return res.json as number;
}
const archive = (user: TestUser | null, json: unknown) =>
  t.request('POST', '/resource/archive', { token: user?.token, json });
const readArchive = (path: string) =>
  t.request('GET', `/resource/archive?file_path=${encodeURIComponent(path)}`);
const forward = (user: TestUser, to: string, body: string) =>
  t.request('POST', to, {
    token: user.token,
    body,
    headers: { 'content-type': 'vocechat/archive', 'x-properties': '' },
  });

async function archived(user: TestUser, mids: number[]): Promise<string> {
  const res = await archive(user, { mid_list: mids });
  expect(res.status, res.text).toBe(200);
  return res.json as string;
}

describe('POST /resource/archive', () => {
  it('snapshots readable messages with their senders, in mid order, edited text included', async () => {
    const m1 = await say(alice, { gid: priv }, 'first');
    const m2 = await say(bob, { gid: priv }, 'second');
    const edit = await t.request('PUT', `/message/${m1}/edit`, {
      token: alice.token,
      body: 'first, edited',
      headers: { 'content-type': 'text/plain' },
    });
    expect(edit.status, edit.text).toBe(200);
    const path = await archived(bob, [m2, m1, m2]);
    expect(path).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2}\/[0-9a-f-]{36}$/);
    const res = await readArchive(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000');
    const body = res.json as Archive;
    expect(body.num_attachments).toBe(0);
    expect(body.users).toEqual([
      { name: 'alice', avatar: null },
      { name: 'bob', avatar: null },
    ]);
    expect(body.messages.map((m) => [m.mid, m.from_user, m.content, m.content_type])).toEqual([
      [m1, 0, 'first, edited', 'text/plain'],
      [m2, 1, 'second', 'text/plain'],
    ]);
    expect(body.messages[1]).toMatchObject({
      source: { gid: priv },
      properties: { local_id: 1234 },
      file_id: null,
      thumbnail_id: null,
    });
  });

  it('archives DMs of the caller and replies (their text, not the quote)', async () => {
    const dm = await say(alice, { uid: bob.uid }, 'just us');
    const reply = await t.request('POST', `/message/${dm}/reply`, {
      token: bob.token,
      body: 'a reply',
      headers: { 'content-type': 'text/markdown' },
    });
    expect(reply.status, reply.text).toBe(200);
    const body = (await readArchive(await archived(bob, [dm, reply.json as number]))).json as Archive;
    expect(body.messages.map((m) => [m.content, m.content_type, m.source])).toEqual([
      ['just us', 'text/plain', { uid: bob.uid }],
      ['a reply', 'text/markdown', { uid: alice.uid }],
    ]);
  });

  it('refuses messages the caller may not read, and changes nothing', async () => {
    const secret = await say(alice, { gid: priv }, 'members only');
    const dm = await say(alice, { uid: bob.uid }, 'not for carol');
    const open = await say(admin, { gid: pub }, 'for everyone');
    expect((await archive(carol, { mid_list: [secret] })).status).toBe(403);
    expect((await archive(carol, { mid_list: [open, secret] })).status).toBe(403);
    // An administrator outside a private channel does not read it either.
    expect((await archive(admin, { mid_list: [secret] })).status).toBe(403);
    // Someone else's DM is not disclosed.
    expect((await archive(carol, { mid_list: [dm] })).status).toBe(404);
    expect((await archive(carol, { mid_list: [open] })).status).toBe(200);
    expect((await archive(null, { mid_list: [open] })).status).toBe(401);
  });

  it('answers 404 for unknown or deleted messages, 400 for bad lists and unarchivable kinds', async () => {
    const gone = await say(alice, { gid: pub }, 'soon gone');
    expect((await t.request('DELETE', `/message/${gone}`, { token: alice.token })).status).toBe(200);
    expect((await archive(alice, { mid_list: [gone] })).status).toBe(404);
    expect((await archive(alice, { mid_list: [9_999_999] })).status).toBe(404);
    for (const bad of [{}, { mid_list: [] }, { mid_list: ['x'] }, { mid_list: [-1] }, { mid_list: 3 }, []]) {
      expect((await archive(alice, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await archive(alice, { mid_list: Array.from({ length: 101 }, (_, i) => i + 1) })).status).toBe(
      400,
    );
    const path = await archived(alice, [await say(alice, { gid: pub }, 'to forward')]);
    const fwd = await forward(alice, `/group/${pub}/send`, path);
    expect(fwd.status, fwd.text).toBe(200);
    // An archive message is not archivable itself (API.md §7.3).
    expect((await archive(alice, { mid_list: [fwd.json as number] })).status).toBe(400);
  });

  it('reads an archive without a token; 400 for a path with a dot or none, 404 for an unknown one', async () => {
    const path = await archived(alice, [await say(alice, { gid: pub }, 'public read')]);
    expect((await t.request('GET', `/resource/archive?file_path=${path}`)).status).toBe(200);
    expect((await readArchive('')).status).toBe(400);
    expect((await readArchive('../etc/passwd')).status).toBe(400);
    expect((await readArchive('2026/1/1/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.request('GET', '/resource/archive')).status).toBe(400);
  });
});

describe('forwarding (vocechat/archive messages)', () => {
  it('sends one message per target; each receiver gets the path and can read the archive', async () => {
    const m1 = await say(bob, { gid: priv }, 'one');
    const m2 = await say(alice, { gid: priv }, 'two');
    const path = await archived(bob, [m1, m2]);
    const [sa, sc] = await Promise.all([
      streams.ready(t.url, alice.token),
      streams.ready(t.url, carol.token),
    ]);
    const toChannel = await forward(bob, `/group/${pub}/send`, path);
    const toCarol = await forward(bob, `/user/${carol.uid}/send`, path);
    expect([toChannel.status, toCarol.status]).toEqual([200, 200]);
    const isChat = (mid: number) => (e: ServerEvent) => e.type === 'chat' && e.mid === mid;
    const seen = await sc.waitFor(isChat(toCarol.json as number));
    expect(seen).toMatchObject({
      from_uid: bob.uid,
      target: { uid: carol.uid },
      detail: { type: 'normal', content_type: 'vocechat/archive', content: path },
    });
    await sc.waitFor(isChat(toChannel.json as number));
    await sa.waitFor(isChat(toChannel.json as number));
    // Carol is not in the private channel, yet reads what was forwarded to her.
    const body = (await readArchive(path)).json as Archive;
    expect(body.messages.map((m) => m.content)).toEqual(['one', 'two']);
  });

  it('refuses a path the server never made (400) and keeps the usual send checks', async () => {
    const before = await t.request('GET', `/group/${pub}/history`, { token: alice.token });
    for (const body of ['2026/1/1/00000000-0000-4000-8000-000000000000', 'nonsense', ' ']) {
      expect((await forward(alice, `/group/${pub}/send`, body)).status, body).toBe(400);
    }
    const after = await t.request('GET', `/group/${pub}/history`, { token: alice.token });
    expect(after.json).toEqual(before.json);
    const path = await archived(alice, [await say(alice, { gid: pub }, 'x')]);
    expect((await forward(carol, `/group/${priv}/send`, path)).status).toBe(403);
    expect((await forward(carol, '/user/9999999/send', path)).status).toBe(404);
    const withProps = await t.request('POST', `/user/${bob.uid}/send`, {
      token: alice.token,
      body: path,
      headers: { 'content-type': 'vocechat/archive', 'x-properties': properties({ local_id: 7 }) },
    });
    expect(withProps.status).toBe(200);
  });
});
