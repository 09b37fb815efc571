/**
 * Channel type changes and membership (API.md §5): who may make a channel public or private, add,
 * remove and leave, and who joins, leaves or is kicked on the stream.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCast } from './support/cast.js';
import { ofType } from './support/event-filters.js';
import { createChannel, type TestUser, useTestServer } from './support/server.js';
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

const getGroup = (user: TestUser, gid: number) => t.request('GET', `/group/${gid}`, { token: user.token });

describe('changing the channel type', () => {
  it('turns a private channel public: members see the change, everyone else joins', async () => {
    const gid = await createChannel(t, alice, { name: 'opening up', is_public: false, members: [bob.uid] });
    const [sb, sc] = await readyStreams(bob, carol);
    expect(
      (await t.request('POST', `/group/${gid}/change_type`, { token: bob.token, json: { is_public: true } }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.request('POST', `/group/${gid}/change_type`, {
          token: admin.token,
          json: { is_public: true },
        })
      ).status,
    ).toBe(200);
    expect(await sb!.waitFor(ofType('group_changed', gid))).toMatchObject({ is_public: true });
    const joined = await sc!.waitFor(ofType('joined_group', gid));
    expect(joined.group).toMatchObject({ is_public: true, owner: null, members: [] });
    expect((await getGroup(carol, gid)).json).toMatchObject({ is_public: true, owner: null, members: [] });
  });

  it('lets only administrators make a channel public, as for creating one: the owner gets 403', async () => {
    const gid = await createChannel(t, alice, {
      name: 'stays private',
      is_public: false,
      members: [bob.uid],
    });
    const res = await t.request('POST', `/group/${gid}/change_type`, {
      token: alice.token,
      json: { is_public: true },
    });
    expect(res.status).toBe(403);
    expect(res.text).toBe('only administrators can make a channel public');
    expect((await getGroup(carol, gid)).status).toBe(403);
    expect((await getGroup(alice, gid)).json).toMatchObject({ is_public: false, owner: alice.uid });
  });

  it('turns a public channel private with the given members: they join, the others are kicked', async () => {
    const gid = await createChannel(t, admin, { name: 'closing down', is_public: true });
    const [sa, sb] = await readyStreams(alice, bob);
    const res = await t.request('POST', `/group/${gid}/change_type`, {
      token: admin.token,
      json: { is_public: false, members: [alice.uid] },
    });
    expect(res.status).toBe(200);
    const joined = await sa!.waitFor(ofType('joined_group', gid));
    expect(joined.group).toMatchObject({
      is_public: false,
      owner: admin.uid,
      members: [admin.uid, alice.uid],
    });
    expect(await sb!.waitFor(ofType('kick_from_group', gid))).toMatchObject({ reason: 'kick' });
    expect((await getGroup(bob, gid)).status).toBe(403);
    expect((await getGroup(alice, gid)).json.members).toEqual([admin.uid, alice.uid]);
  });

  it('turns a public channel private for everyone when no members are given', async () => {
    const gid = await createChannel(t, admin, { name: 'everyone inside', is_public: true });
    expect(
      (
        await t.request('POST', `/group/${gid}/change_type`, {
          token: admin.token,
          json: { is_public: false },
        })
      ).status,
    ).toBe(200);
    const group = (await getGroup(carol, gid)).json as { members: number[]; owner: number };
    expect(group.owner).toBe(admin.uid);
    expect(group.members).toEqual(expect.arrayContaining([admin.uid, alice.uid, bob.uid, carol.uid]));
  });

  it('refuses non-owners, unknown members and bad bodies', async () => {
    const gid = await createChannel(t, admin, { name: 'type-guarded', is_public: true });
    expect(
      (
        await t.request('POST', `/group/${gid}/change_type`, {
          token: alice.token,
          json: { is_public: false },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.request('POST', `/group/${gid}/change_type`, {
          token: admin.token,
          json: { is_public: false, members: [999999] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request('POST', `/group/${gid}/change_type`, {
          token: admin.token,
          json: { is_public: 'no' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.request('POST', `/group/${gid}/change_type`, { token: admin.token, json: {} })).status,
    ).toBe(400);
    expect(
      (
        await t.request('POST', '/group/999999/change_type', {
          token: admin.token,
          json: { is_public: false },
        })
      ).status,
    ).toBe(404);
    expect((await getGroup(alice, gid)).json.is_public).toBe(true);
  });
});

describe('membership', () => {
  it('lets a member leave and tells the members; the owner and public channels cannot be left', async () => {
    const gid = await createChannel(t, alice, {
      name: 'leavable',
      is_public: false,
      members: [bob.uid, carol.uid],
    });
    const [sa, sb] = await readyStreams(alice, bob);
    expect((await t.request('GET', `/group/${gid}/leave`, { token: alice.token })).status).toBe(403);
    expect((await t.request('GET', `/group/${gid}/leave`, { token: bob.token })).status).toBe(200);
    for (const s of [sa!, sb!])
      expect(await s.waitFor(ofType('user_leaved_group', gid))).toMatchObject({ uid: [bob.uid] });
    expect((await getGroup(alice, gid)).json.members).toEqual([alice.uid, carol.uid]);
    expect((await t.request('GET', `/group/${gid}/leave`, { token: bob.token })).status).toBe(403);

    const pub = await createChannel(t, admin, { name: 'unleavable', is_public: true });
    expect((await t.request('GET', `/group/${pub}/leave`, { token: bob.token })).status).toBe(403);
    expect((await t.request('GET', '/group/999999/leave', { token: bob.token })).status).toBe(404);
  });

  it('adds members from a bare JSON array: newcomers join, members hear about it', async () => {
    const gid = await createChannel(t, alice, { name: 'growing', is_public: false, members: [bob.uid] });
    const [sb, sc] = await readyStreams(bob, carol);
    const res = await t.request('POST', `/group/${gid}/members/add`, { token: bob.token, json: [carol.uid] });
    expect(res.status).toBe(200);
    const joined = await sc!.waitFor(ofType('joined_group', gid));
    expect(joined.group.members).toEqual([alice.uid, bob.uid, carol.uid]);
    expect(await sb!.waitFor(ofType('user_joined_group', gid))).toMatchObject({ uid: [carol.uid] });
    expect(sb!.events.some(ofType('joined_group', gid))).toBe(false);
  });

  it('refuses adding existing or unknown users, to public channels, and by outsiders', async () => {
    const gid = await createChannel(t, alice, { name: 'guarded', is_public: false, members: [bob.uid] });
    const add = (user: TestUser, body: unknown) =>
      t.request('POST', `/group/${gid}/members/add`, { token: user.token, json: body });
    expect((await add(alice, [bob.uid])).status).toBe(400);
    expect((await add(alice, [999999])).status).toBe(400);
    expect((await add(alice, [])).status).toBe(400);
    expect((await add(alice, { uids: [carol.uid] })).status).toBe(400);
    expect((await add(alice, [String(carol.uid)])).status).toBe(400);
    expect((await add(carol, [carol.uid])).status).toBe(403);
    expect((await getGroup(alice, gid)).json.members).toEqual([alice.uid, bob.uid]);
    // An administrator may add people without being a member.
    expect((await add(admin, [carol.uid])).status).toBe(200);

    const pub = await createChannel(t, admin, { name: 'public-members', is_public: true });
    expect(
      (await t.request('POST', `/group/${pub}/members/add`, { token: admin.token, json: [alice.uid] }))
        .status,
    ).toBe(403);
    expect(
      (await t.request('POST', '/group/999999/members/add', { token: admin.token, json: [alice.uid] }))
        .status,
    ).toBe(404);
  });

  it('lets the owner remove members: they are kicked, the rest hear they left', async () => {
    const gid = await createChannel(t, alice, {
      name: 'shrinking',
      is_public: false,
      members: [bob.uid, carol.uid],
    });
    const [sb, sc] = await readyStreams(bob, carol);
    expect(
      (await t.request('POST', `/group/${gid}/members/remove`, { token: bob.token, json: [carol.uid] }))
        .status,
    ).toBe(403);
    expect(
      (await t.request('POST', `/group/${gid}/members/remove`, { token: alice.token, json: [bob.uid] }))
        .status,
    ).toBe(200);
    expect(await sb!.waitFor(ofType('kick_from_group', gid))).toMatchObject({ reason: 'kick' });
    expect(await sc!.waitFor(ofType('user_leaved_group', gid))).toMatchObject({ uid: [bob.uid] });
    expect((await getGroup(alice, gid)).json.members).toEqual([alice.uid, carol.uid]);
    expect((await getGroup(bob, gid)).status).toBe(403);
  });

  it('refuses removing the owner, non-members, and from public channels', async () => {
    const gid = await createChannel(t, alice, { name: 'firm', is_public: false, members: [bob.uid] });
    const remove = (user: TestUser, body: unknown, id = gid) =>
      t.request('POST', `/group/${id}/members/remove`, { token: user.token, json: body });
    expect((await remove(alice, [alice.uid])).status).toBe(403);
    expect((await remove(admin, [alice.uid])).status).toBe(403);
    expect((await remove(alice, [carol.uid])).status).toBe(404);
    expect((await remove(alice, [])).status).toBe(400);
    expect((await getGroup(alice, gid)).json.members).toEqual([alice.uid, bob.uid]);
    const pub = await createChannel(t, admin, { name: 'public-remove', is_public: true });
    expect((await remove(admin, [alice.uid], pub)).status).toBe(403);
    expect((await remove(admin, [alice.uid], 999999)).status).toBe(404);
  });
});
