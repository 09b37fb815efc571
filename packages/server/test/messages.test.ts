import { LIMITS, type ChatMessage, type ServerEvent } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createChannel,
  createUser,
  login,
  properties,
  sendText,
  type TestUser,
  useTestServer,
} from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';
import { historySchemaSerializer } from './support/history-schema-serializer.js';

const t = useTestServer();
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let pub: number;
let priv: number;
beforeAll(async () => {
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
  bob = await createUser(t, 'bob');
  carol = await createUser(t, 'carol');
  pub = await createChannel(t, admin, { name: 'general', is_public: true });
  priv = await createChannel(t, alice, { name: 'inner circle', is_public: false, members: [bob.uid] });
});

const streams = streamsClosedAfterEach();
const readyStream = (token: string) => streams.ready(t.url, token);

type Target = { gid: number } | { uid: number };
const sendPath = (to: Target) => ('gid' in to ? `/group/${to.gid}/send` : `/user/${to.uid}/send`);
const historyPath = (to: Target) => ('gid' in to ? `/group/${to.gid}/history` : `/user/${to.uid}/history`);
function send(
  user: TestUser | null,
  to: Target,
  body: string | Buffer | undefined,
  headers: Record<string, string> = { 'content-type': 'text/plain' },
) {
  return t.request('POST', sendPath(to), { token: user?.token, body, headers });
}
const chatWith = (mid: number) => (e: ServerEvent) => e.type === 'chat' && e.mid === mid;
async function history(user: TestUser, to: Target, query = '') {
  const res = await t.request('GET', `${historyPath(to)}${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.json as {
    mid: number;
    detail: { content: string; content_type: string; properties: unknown };
  }[];
}

describe('sending', () => {
  it('sends text to a channel and answers the new mid as a bare JSON number', async () => {
    const [sb] = [await readyStream(bob.token)];
    const res = await send(alice, { gid: pub }, 'hello everyone', {
      'content-type': 'text/plain',
      'x-properties': properties({ local_id: 1700000000001, mentions: [bob.uid] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text).toMatch(/^\d+$/);
    const mid = res.json as number;
    const e = await sb!.waitFor(chatWith(mid));
    expect(e).toEqual({
      type: 'chat',
      mid,
      from_uid: alice.uid,
      created_at: expect.any(Number),
      target: { gid: pub },
      detail: {
        type: 'normal',
        properties: { local_id: 1700000000001, mentions: [bob.uid] },
        content_type: 'text/plain',
        content: 'hello everyone',
        expires_in: null,
      },
    });
    const [last] = (await history(bob, { gid: pub }, '?limit=1')) as unknown[];
    const { type: _type, ...stored } = e as unknown as Record<string, unknown>;
    expect(last).toEqual(stored);
  });

  it('sends markdown, keeping the text byte for byte', async () => {
    const text = '# Title\n\n* item — ünïcödé 🚀\n```\ncode\n```';
    const res = await send(alice, { gid: pub }, text, {
      'content-type': 'text/markdown; charset=utf-8',
      'x-properties': properties({ local_id: 2 }),
    });
    expect(res.status).toBe(200);
    const [last] = await history(alice, { gid: pub }, '?limit=1');
    expect(last).toMatchObject({
      mid: res.json,
      detail: { content_type: 'text/markdown', content: text, properties: { local_id: 2 } },
    });
  });

  it('sends a direct message to both parties’ streams', async () => {
    const [sa, sc] = [await readyStream(alice.token), await readyStream(carol.token)];
    const res = await send(alice, { uid: carol.uid }, 'psst', {
      'content-type': 'text/plain',
      'x-properties': properties({ local_id: 3 }),
    });
    expect(res.status).toBe(200);
    const mid = res.json as number;
    for (const s of [sa!, sc!]) {
      expect(await s.waitFor(chatWith(mid))).toMatchObject({
        from_uid: alice.uid,
        target: { uid: carol.uid },
        detail: { content: 'psst', properties: { local_id: 3 } },
      });
    }
    const [fromCarol] = await history(carol, { uid: alice.uid }, '?limit=1');
    expect(fromCarol).toMatchObject({ mid, detail: { content: 'psst' } });
  });

  it('allows a direct message to oneself', async () => {
    const res = await send(bob, { uid: bob.uid }, 'note to self');
    expect(res.status).toBe(200);
    const [note] = await history(bob, { uid: bob.uid }, '?limit=1');
    expect(note).toMatchObject({
      mid: res.json,
      from_uid: bob.uid,
      target: { uid: bob.uid },
      detail: { content: 'note to self' },
    });
  });

  it.each([
    ['an empty header', ''],
    ['something that is not base64 JSON', '%%%not-base64%%%'],
    ['base64 of text that is not JSON', Buffer.from('local_id=5').toString('base64')],
    ['base64 of a JSON array', properties([1, 2])],
    ['base64 of a JSON number', properties(5)],
    ['base64 of JSON null', properties(null)],
  ])('stores properties: null for %s', async (_what, header) => {
    const res = await send(alice, { gid: pub }, 'props', {
      'content-type': 'text/plain',
      'x-properties': header,
    });
    expect(res.status).toBe(200);
    const [last] = await history(alice, { gid: pub }, '?limit=1');
    expect(last).toMatchObject({ mid: res.json, detail: { properties: null } });
  });

  it('stores properties: null when there is no X-Properties header', async () => {
    const res = await send(alice, { gid: pub }, 'no header');
    const [last] = await history(alice, { gid: pub }, '?limit=1');
    expect(last).toMatchObject({ mid: res.json, detail: { properties: null } });
  });

  it.each([
    ['application/json', '{"text":"hi"}'],
    ['application/xml', '<hi/>'],
    ['image/png', 'not really'],
    ['text/html', '<b>hi</b>'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('answers 415 to Content-Type %s', async (type, body) => {
    expect((await send(alice, { gid: pub }, body, { 'content-type': type })).status).toBe(415);
  });

  it('answers 415 without a Content-Type', async () => {
    expect((await send(alice, { gid: pub }, Buffer.from('hello'), {})).status).toBe(415);
  });

  it('answers 400 to an empty or blank body and 413 to an oversized one', async () => {
    expect((await send(alice, { gid: pub }, '')).status).toBe(400);
    expect((await send(alice, { gid: pub }, undefined)).status).toBe(400);
    expect((await send(alice, { gid: pub }, ' \n\t ')).status).toBe(400);
    expect((await send(alice, { uid: bob.uid }, '')).status).toBe(400);
    expect((await send(alice, { gid: pub }, 'x'.repeat(LIMITS.messageMaxBytes + 1))).status).toBe(413);
  });

  it('answers 404 for an unknown channel or user, 403 outside a private channel, 401 without a token', async () => {
    expect((await send(alice, { gid: 999999 }, 'hi')).status).toBe(404);
    expect((await send(alice, { uid: 999999 }, 'hi')).status).toBe(404);
    expect((await send(carol, { gid: priv }, 'let me in')).status).toBe(403);
    expect((await send(admin, { gid: priv }, 'admins too')).status).toBe(403);
    expect((await send(null, { gid: pub }, 'anon')).status).toBe(401);
    expect((await send(null, { uid: alice.uid }, 'anon')).status).toBe(401);
    expect((await send({ ...alice, token: 'forged' }, { gid: pub }, 'forged')).status).toBe(401);
    expect((await send(bob, { gid: priv }, 'members may')).status).toBe(200);
  });

  it('checks in the contract’s order: 401, 404, 403, 415, 400', async () => {
    const junk = { 'content-type': 'application/json' };
    // Every request below is wrong in every later way too: an empty body of an unsupported type.
    expect((await send(null, { gid: 999999 }, '', junk)).status).toBe(401);
    expect((await send(null, { uid: 999999 }, '{"broken', junk)).status).toBe(401);
    expect((await send(carol, { gid: 999999 }, '', junk)).status).toBe(404);
    expect((await send(carol, { uid: 999999 }, '{"broken', junk)).status).toBe(404);
    expect((await send(carol, { gid: priv }, '', junk)).status).toBe(403);
    expect((await send(carol, { gid: priv }, '{"broken', junk)).status).toBe(403);
    expect((await send(carol, { gid: pub }, '', junk)).status).toBe(415);
    expect((await send(carol, { gid: pub }, '{"broken', junk)).status).toBe(415);
    expect((await send(carol, { gid: pub }, Buffer.alloc(0), {})).status).toBe(415);
    expect((await send(carol, { gid: pub }, '')).status).toBe(400);
  });

  it('sends nothing when a send fails', async () => {
    const before = await history(bob, { gid: priv }, '?limit=1');
    await send(carol, { gid: priv }, 'intruder');
    await send(bob, { gid: priv }, '', { 'content-type': 'application/json' });
    expect(await history(bob, { gid: priv }, '?limit=1')).toEqual(before);
  });
});

describe('history', () => {
  it('returns records ascending, the newest `limit` before `before`', async () => {
    const gid = await createChannel(t, admin, { name: 'paged', is_public: true });
    const mids: number[] = [];
    for (let i = 0; i < 6; i++) mids.push((await sendText(t, alice, { gid }, `m${i}`)).json as number);
    const all = await history(bob, { gid });
    expect(all.map((m) => m.mid)).toEqual(mids);
    expect(all.map((m) => m.detail.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
    expect((await history(bob, { gid }, '?limit=2')).map((m) => m.mid)).toEqual(mids.slice(4));
    expect((await history(bob, { gid }, `?before=${mids[4]}&limit=3`)).map((m) => m.mid)).toEqual(
      mids.slice(1, 4),
    );
    expect((await history(bob, { gid }, `?before=${mids[1]}`)).map((m) => m.mid)).toEqual([mids[0]]);
    expect(await history(bob, { gid }, `?before=${mids[0]}`)).toEqual([]);
  });

  it('keeps each conversation to itself', async () => {
    const gid = await createChannel(t, admin, { name: 'separate', is_public: true });
    const mid = (await sendText(t, alice, { gid }, 'only here')).json as number;
    await sendText(t, alice, { gid: pub }, 'elsewhere');
    await sendText(t, alice, { uid: bob.uid }, 'dm elsewhere');
    expect((await history(carol, { gid })).map((m) => m.mid)).toEqual([mid]);

    const dm = (await sendText(t, carol, { uid: admin.uid }, 'carol to admin')).json as number;
    const reply = (await sendText(t, admin, { uid: carol.uid }, 'admin to carol')).json as number;
    expect((await history(carol, { uid: admin.uid })).map((m) => m.mid)).toEqual([dm, reply]);
    expect((await history(admin, { uid: carol.uid })).map((m) => m.mid)).toEqual([dm, reply]);
    expect((await history(alice, { uid: carol.uid })).map((m) => m.mid)).not.toContain(dm);
  });

  it('answers every record kind as the schema writes it (src/http/chat-json.ts), in both conversations', async () => {
    const schemaJson = historySchemaSerializer();
    const gid = await createChannel(t, admin, { name: 'every kind', is_public: true });
    for (const to of [{ gid }, { uid: bob.uid }]) {
      const first = (await sendText(t, alice, to, 'plain "quoted" \\ text ✓')).json as number;
      await send(alice, to, '**md**', {
        'content-type': 'text/markdown',
        'x-properties': properties({ mentions: [bob.uid], nested: { a: [1, null] } }),
      });
      const text = { 'content-type': 'text/plain' };
      const reply = await t.request('POST', `/message/${first}/reply`, {
        token: bob.token,
        body: 'yes',
        headers: text,
      });
      await t.request('PUT', `/message/${first}/edit`, { token: alice.token, body: 'edited', headers: text });
      await t.request('PUT', `/message/${first}/like`, { token: bob.token, json: { action: '👍' } });
      expect(
        (await t.request('DELETE', `/message/${reply.json as number}`, { token: bob.token })).status,
      ).toBe(200);

      // The six records above are the conversation's newest (the DM also holds other tests' messages).
      const res = await t.request('GET', `${historyPath(to)}?limit=6`, { token: alice.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
      const page = res.json as ChatMessage[];
      const kind = (m: ChatMessage) => (m.detail.type === 'reaction' ? m.detail.detail.type : m.detail.type);
      expect(page.map(kind)).toEqual(['normal', 'normal', 'reply', 'edit', 'like', 'delete']);
      expect(res.text).toBe(schemaJson(page));
    }
  });

  it('answers 403 for a private channel the caller is not in, 404 for unknown ones, 400 for bad paging', async () => {
    expect((await t.request('GET', `/group/${priv}/history`, { token: carol.token })).status).toBe(403);
    expect((await t.request('GET', '/group/999999/history', { token: carol.token })).status).toBe(404);
    expect((await t.request('GET', '/user/999999/history', { token: carol.token })).status).toBe(404);
    expect((await t.request('GET', `/group/${pub}/history`)).status).toBe(401);
    expect((await t.request('GET', `/user/${alice.uid}/history`)).status).toBe(401);
    for (const query of [
      '?limit=0',
      '?limit=abc',
      '?limit=100000',
      '?before=-1',
      '?before=1.5',
      '?before=99999999999999999999',
    ]) {
      expect(
        (await t.request('GET', `/group/${pub}/history${query}`, { token: carol.token })).status,
        query,
      ).toBe(400);
    }
  });
});

describe('read index', () => {
  const readIndex = (user: TestUser, body: unknown) =>
    t.request('POST', '/user/read-index', { token: user.token, json: body });

  it('stores positions that move forward and tells the user’s other devices only', async () => {
    const phone = await login(t, alice.email, alice.password, 'phone:alice');
    const [here, there, other] = [
      await readyStream(alice.token),
      await readyStream(phone.token),
      await readyStream(bob.token),
    ];
    const m1 = (await sendText(t, bob, { gid: priv }, 'read me')).json as number;
    const m2 = (await sendText(t, bob, { uid: alice.uid }, 'and me')).json as number;

    expect(
      (await readIndex(alice, { groups: [{ gid: priv, mid: m1 }], users: [{ uid: bob.uid, mid: m2 }] }))
        .status,
    ).toBe(200);
    const changed = await there!.waitFor((e) => e.type === 'user_settings_changed');
    expect(changed).toEqual({
      type: 'user_settings_changed',
      from_device: alice.device,
      add_mute_users: [],
      remove_mute_users: [],
      add_mute_groups: [],
      remove_mute_groups: [],
      read_index_users: [{ uid: bob.uid, mid: m2 }],
      read_index_groups: [{ gid: priv, mid: m1 }],
      burn_after_reading_users: [],
      burn_after_reading_groups: [],
    });

    // Moving back is ignored and announces nothing; moving forward is announced again.
    expect((await readIndex(alice, { groups: [{ gid: priv, mid: m1 - 1 }] })).status).toBe(200);
    expect((await readIndex(alice, { groups: [{ gid: priv, mid: m2 }] })).status).toBe(200);
    await there!.waitFor((e) => e.type === 'user_settings_changed' && e.read_index_groups[0]?.mid === m2);
    const seen = there!.events.filter((e) => e.type === 'user_settings_changed');
    expect(seen).toHaveLength(2);

    const barrier = (await sendText(t, admin, { uid: alice.uid }, 'barrier')).json as number;
    await here!.waitFor(chatWith(barrier));
    expect(here!.events.some((e) => e.type === 'user_settings_changed')).toBe(false);
    const barrierBob = (await sendText(t, admin, { uid: bob.uid }, 'barrier')).json as number;
    await other!.waitFor(chatWith(barrierBob));
    expect(other!.events.some((e) => e.type === 'user_settings_changed')).toBe(false);

    // A new stream starts from the stored positions.
    const fresh = await readyStream(phone.token);
    const settings = fresh.events.find((e) => e.type === 'user_settings');
    expect(settings).toMatchObject({
      read_index_groups: [{ gid: priv, mid: m2 }],
      read_index_users: [{ uid: bob.uid, mid: m2 }],
    });
  });

  it('answers 400 for unknown ids, the caller’s own uid and channels the caller cannot see', async () => {
    const cases = [
      { users: [{ uid: 999999, mid: 1 }] },
      { users: [{ uid: carol.uid, mid: 1 }] },
      { groups: [{ gid: 999999, mid: 1 }] },
      { groups: [{ gid: priv, mid: 1 }] },
      { groups: [{ gid: pub, mid: -1 }] },
      { groups: [{ gid: 'general', mid: 1 }] },
      { groups: { gid: pub, mid: 1 } },
    ];
    for (const body of cases) expect((await readIndex(carol, body)).status, JSON.stringify(body)).toBe(400);
    expect((await t.request('POST', '/user/read-index', { json: {} })).status).toBe(401);
    const [s] = [await readyStream(carol.token)];
    expect(s!.events.find((e) => e.type === 'user_settings')).toMatchObject({
      read_index_users: [],
      read_index_groups: [],
    });
  });
});
