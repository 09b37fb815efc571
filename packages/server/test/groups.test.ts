/**
 * Channels (API.md §5): creating, reading, changing and deleting them, and their avatars; the
 * answers and who hears about each change. Type changes and membership: `group-membership.test.ts`.
 */
import { DEFAULT_CHANNEL_SWITCHES } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { GREEN, inspectImage, solidPng } from './support/images.js';
import { createCast } from './support/cast.js';
import { about, ofType } from './support/event-filters.js';
import { createChannel, sendText, type TestUser, useTestServer } from './support/server.js';
import { streamsClosedAfterEach, type TestStream } from './support/sse.js';

const t = useTestServer();
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  ({ admin, alice, bob, carol } = await createCast(t));
});

const streams = streamsClosedAfterEach();
const readyStreams = (...users: TestUser[]): Promise<TestStream[]> =>
  Promise.all(users.map((u) => streams.ready(t.url, u.token)));

/** Resolves once `s` has received everything published before this call (the bus keeps order). */
async function barrier(s: TestStream, owner: TestUser): Promise<void> {
  const mid = (await sendText(t, admin, { uid: owner.uid }, 'barrier')).json as number;
  await s.waitFor((e) => e.type === 'chat' && e.mid === mid);
}

const getGroup = (user: TestUser, gid: number) => t.request('GET', `/group/${gid}`, { token: user.token });
const groupCount = async () =>
  (await t.request('GET', '/admin/system/metrics', { token: admin.token })).json.group_count as number;

describe('creating channels', () => {
  it('lets an administrator create a public channel and tells everyone', async () => {
    const [sc] = await readyStreams(carol);
    const res = await t.request('POST', '/group', {
      token: admin.token,
      json: { name: 'town square', description: 'for all', is_public: true },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ gid: expect.any(Number), created_at: expect.any(Number) });
    const gid = res.json.gid as number;
    const e = await sc!.waitFor(ofType('joined_group', gid));
    expect(e.group).toEqual({
      gid,
      owner: null,
      name: 'town square',
      description: 'for all',
      members: [],
      is_public: true,
      avatar_updated_at: 0,
      pinned_messages: [],
      ...DEFAULT_CHANNEL_SWITCHES,
    });
    expect((await getGroup(carol, gid)).json).toEqual(e.group);
  });

  it('refuses public channels from non-administrators (403)', async () => {
    const before = await groupCount();
    expect(
      (await t.request('POST', '/group', { token: alice.token, json: { name: 'mine', is_public: true } }))
        .status,
    ).toBe(403);
    expect(await groupCount()).toBe(before);
  });

  it('creates a private channel with its members and tells only them', async () => {
    const [sb, sc] = await readyStreams(bob, carol);
    const gid = await createChannel(t, alice, {
      name: 'private talk',
      is_public: false,
      members: [bob.uid, bob.uid],
    });
    const e = await sb!.waitFor(ofType('joined_group', gid));
    expect(e.group).toMatchObject({
      owner: alice.uid,
      members: [alice.uid, bob.uid],
      is_public: false,
      description: null,
    });
    await barrier(sc!, carol);
    expect(sc!.events.some(about(gid)) || sc!.events.some(ofType('joined_group', gid))).toBe(false);
  });

  it.each([
    ['a public channel with members', { name: 'x', is_public: true, members: [2] }],
    ['an unknown member', { name: 'x', is_public: false, members: [999999] }],
    ['a blank name', { name: '   ', is_public: false }],
    ['an empty name', { name: '', is_public: false }],
    ['no is_public', { name: 'x' }],
    ['is_public as a string', { name: 'x', is_public: 'false' }],
    ['a member id as a string', { name: 'x', is_public: false, members: ['2'] }],
    ['members as an object', { name: 'x', is_public: false, members: { 0: 2 } }],
  ])('answers 400 to %s and creates nothing', async (_what, body) => {
    const before = await groupCount();
    expect((await t.request('POST', '/group', { token: admin.token, json: body })).status).toBe(400);
    expect(await groupCount()).toBe(before);
  });

  it('answers 401 without a token', async () => {
    expect((await t.request('POST', '/group', { json: { name: 'anon', is_public: false } })).status).toBe(
      401,
    );
  });

  it('lets only administrators create channels when only_admin_can_create_group is on', async () => {
    const set = (value: boolean) =>
      t.request('PUT', '/admin/system/common', {
        token: admin.token,
        json: { only_admin_can_create_group: value },
      });
    expect((await set(true)).status).toBe(200);
    try {
      const before = await groupCount();
      expect(
        (await t.request('POST', '/group', { token: alice.token, json: { name: 'nope', is_public: false } }))
          .status,
      ).toBe(403);
      expect(await groupCount()).toBe(before);
      expect(
        (
          await t.request('POST', '/group', {
            token: admin.token,
            json: { name: 'admins may', is_public: false },
          })
        ).status,
      ).toBe(200);
    } finally {
      await set(false);
    }
    expect(
      (await t.request('POST', '/group', { token: alice.token, json: { name: 'now ok', is_public: false } }))
        .status,
    ).toBe(200);
  });
});

describe('reading channels', () => {
  it('lists public channels and the private ones the caller is in, nothing else', async () => {
    const pub = await createChannel(t, admin, { name: 'list-public', is_public: true });
    const mine = await createChannel(t, alice, { name: 'list-alice', is_public: false, members: [bob.uid] });
    const theirs = await createChannel(t, carol, { name: 'list-carol', is_public: false });
    const list = await t.request('GET', '/group', { token: bob.token });
    expect(list.status).toBe(200);
    const gids = (list.json as { gid: number }[]).map((g) => g.gid);
    expect(gids).toEqual(expect.arrayContaining([pub, mine]));
    expect(gids).not.toContain(theirs);
    expect((list.json as { gid: number; members: number[] }[]).find((g) => g.gid === mine)!.members).toEqual([
      alice.uid,
      bob.uid,
    ]);
    const publicOnly = await t.request('GET', '/group?public_only=true', { token: bob.token });
    expect((publicOnly.json as { is_public: boolean }[]).every((g) => g.is_public)).toBe(true);
    expect((publicOnly.json as { gid: number }[]).map((g) => g.gid)).toContain(pub);
    expect((await t.request('GET', '/group')).status).toBe(401);
  });

  it('answers 404 for an unknown channel, 403 for a private one the caller is not in, 400 for a bad id', async () => {
    const gid = await createChannel(t, alice, { name: 'closed', is_public: false });
    expect((await getGroup(alice, gid)).status).toBe(200);
    expect((await getGroup(carol, gid)).status).toBe(403);
    expect((await getGroup(admin, gid)).status).toBe(403);
    expect((await getGroup(carol, 999999)).status).toBe(404);
    expect((await t.request('GET', '/group/abc', { token: carol.token })).status).toBe(400);
    expect((await t.request('GET', `/group/${gid}`)).status).toBe(401);
  });
});

describe('changing channels', () => {
  it('lets the owner edit a private channel and tells its members only', async () => {
    const gid = await createChannel(t, alice, { name: 'editable', is_public: false, members: [bob.uid] });
    const [sb, sc] = await readyStreams(bob, carol);
    const res = await t.request('PUT', `/group/${gid}`, {
      token: alice.token,
      json: { name: 'edited', description: 'now with text' },
    });
    expect(res.status).toBe(200);
    const e = await sb!.waitFor(ofType('group_changed', gid));
    expect(e).toEqual({
      type: 'group_changed',
      gid,
      name: 'edited',
      description: 'now with text',
      owner: null,
      avatar_updated_at: null,
      is_public: null,
    });
    expect((await getGroup(bob, gid)).json).toMatchObject({ name: 'edited', description: 'now with text' });
    await barrier(sc!, carol);
    expect(sc!.events.some(about(gid))).toBe(false);
  });

  it('lets administrators edit any channel and nobody else', async () => {
    const priv = await createChannel(t, alice, { name: 'admin-edit', is_public: false, members: [bob.uid] });
    const pub = await createChannel(t, admin, { name: 'public-edit', is_public: true });
    expect(
      (await t.request('PUT', `/group/${priv}`, { token: bob.token, json: { name: 'by bob' } })).status,
    ).toBe(403);
    expect(
      (await t.request('PUT', `/group/${priv}`, { token: carol.token, json: { name: 'by carol' } })).status,
    ).toBe(403);
    expect(
      (await t.request('PUT', `/group/${pub}`, { token: alice.token, json: { name: 'by alice' } })).status,
    ).toBe(403);
    expect((await getGroup(alice, priv)).json.name).toBe('admin-edit');
    expect(
      (await t.request('PUT', `/group/${priv}`, { token: admin.token, json: { name: 'by admin' } })).status,
    ).toBe(200);
    expect(
      (
        await t.request('PUT', `/group/${pub}`, {
          token: admin.token,
          json: { description: 'admins edit public ones' },
        })
      ).status,
    ).toBe(200);
    expect((await getGroup(alice, pub)).json.description).toBe('admins edit public ones');
    expect(
      (await t.request('PUT', '/group/999999', { token: admin.token, json: { name: 'ghost' } })).status,
    ).toBe(404);
    expect((await t.request('PUT', `/group/${priv}`, { json: { name: 'anon' } })).status).toBe(401);
  });

  it('transfers ownership to a member only', async () => {
    const gid = await createChannel(t, alice, { name: 'handover', is_public: false, members: [bob.uid] });
    const [sb] = await readyStreams(bob);
    expect(
      (await t.request('PUT', `/group/${gid}`, { token: alice.token, json: { owner: carol.uid } })).status,
    ).toBe(400);
    expect(
      (await t.request('PUT', `/group/${gid}`, { token: alice.token, json: { owner: 999999 } })).status,
    ).toBe(400);
    expect(
      (await t.request('PUT', `/group/${gid}`, { token: alice.token, json: { owner: bob.uid } })).status,
    ).toBe(200);
    expect(await sb!.waitFor(ofType('group_changed', gid))).toMatchObject({ owner: bob.uid, name: null });
    expect((await getGroup(bob, gid)).json.owner).toBe(bob.uid);
    expect(
      (await t.request('PUT', `/group/${gid}`, { token: alice.token, json: { name: 'not yours' } })).status,
    ).toBe(403);
  });

  it('answers 400 to an empty or invalid edit', async () => {
    const gid = await createChannel(t, alice, { name: 'strict', is_public: false });
    for (const body of [{}, { name: '' }, { name: '  ' }, { name: 5 }, { owner: 'me' }, { owner: -1 }]) {
      expect(
        (await t.request('PUT', `/group/${gid}`, { token: alice.token, json: body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await getGroup(alice, gid)).json.name).toBe('strict');
  });

  it('lets the owner or an administrator delete a channel and kicks its members', async () => {
    const gid = await createChannel(t, alice, { name: 'doomed', is_public: false, members: [bob.uid] });
    const [sa, sb] = await readyStreams(alice, bob);
    expect((await t.request('DELETE', `/group/${gid}`, { token: bob.token })).status).toBe(403);
    expect((await t.request('DELETE', `/group/${gid}`, { token: carol.token })).status).toBe(403);
    expect((await t.request('DELETE', `/group/${gid}`, { token: alice.token })).status).toBe(200);
    for (const s of [sa!, sb!])
      expect(await s.waitFor(ofType('kick_from_group', gid))).toMatchObject({ reason: 'group_deleted' });
    expect((await getGroup(alice, gid)).status).toBe(404);
    expect((await t.request('DELETE', `/group/${gid}`, { token: alice.token })).status).toBe(404);

    const pub = await createChannel(t, admin, { name: 'doomed-public', is_public: true });
    expect((await t.request('DELETE', `/group/${pub}`, { token: alice.token })).status).toBe(403);
    const [sc] = await readyStreams(carol);
    expect((await t.request('DELETE', `/group/${pub}`, { token: admin.token })).status).toBe(200);
    expect(await sc!.waitFor(ofType('kick_from_group', pub))).toMatchObject({ reason: 'group_deleted' });
  });
});

describe('channel avatars', () => {
  it('stores the owner’s upload as a PNG, announces it and serves it anonymously', async () => {
    const gid = await createChannel(t, alice, { name: 'pictured', is_public: false, members: [bob.uid] });
    expect((await t.request('GET', `/resource/group_avatar?gid=${gid}`)).status).toBe(404);
    const [sb] = await readyStreams(bob);
    const png = await solidPng(GREEN, 100, 40);
    const upload = (user: TestUser, body: Buffer) =>
      t.request('POST', `/group/${gid}/avatar`, {
        token: user.token,
        body,
        headers: { 'content-type': 'image/png' },
      });
    expect((await upload(bob, png)).status).toBe(403);
    expect((await upload(alice, Buffer.from('no image here'))).status).toBe(400);
    expect((await upload(alice, png)).status).toBe(200);

    const e = await sb!.waitFor(ofType('group_changed', gid));
    expect(e).toMatchObject({ name: null, owner: null, avatar_updated_at: expect.any(Number) });
    expect((await getGroup(bob, gid)).json.avatar_updated_at).toBe(e.avatar_updated_at);
    const served = await t.request('GET', `/resource/group_avatar?gid=${gid}&t=${e.avatar_updated_at}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const image = await inspectImage(served.bytes);
    expect(image).toMatchObject({ format: 'png', width: 256, height: 256, mean: GREEN });
  });

  it('answers 404 for unknown channels and 400 for a bad gid', async () => {
    expect((await t.request('GET', '/resource/group_avatar?gid=999999')).status).toBe(404);
    expect((await t.request('GET', '/resource/group_avatar?gid=x')).status).toBe(400);
    expect(
      (
        await t.request('POST', '/group/999999/avatar', {
          token: admin.token,
          body: await solidPng(GREEN),
          headers: { 'content-type': 'image/png' },
        })
      ).status,
    ).toBe(404);
  });
});
