/**
 * Private channel invites (API.md §4.3, §15.7; SPEC §2, §8; issue 12): the link, `join_private`
 * with its 409 and 412, the events, and invites that stop working.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { openTestStream, type TestStream } from './support/sse.js';
import { createAdmin, createChannel, createUser, useTestServer, type TestUser } from './support/server.js';

let now = Date.now();
const t = useTestServer({ now: () => now, fresh: true });
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let gid: number;
beforeEach(async () => {
  now = Date.now();
  admin = await createAdmin(t);
  owner = await createUser(t, 'owner');
  member = await createUser(t, 'member');
  outsider = await createUser(t, 'outsider');
  gid = await createChannel(t, owner, { name: 'secret', is_public: false, members: [member.uid] });
});

async function inviteLink(by: TestUser, query = ''): Promise<URL> {
  const res = await t.request('GET', `/group/create_invite_private_magic_link?gid=${gid}${query}`, {
    token: by.token,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return new URL(res.text);
}
const tokenOf = (link: URL) => new URLSearchParams(link.hash.split('?')[1]).get('magic_token')!;
const join = (by: TestUser, magic_token: string) =>
  t.request('POST', '/user/join_private', { token: by.token, json: { magic_token } });
const members = async () => (await t.request('GET', `/group/${gid}`, { token: owner.token })).json.members;

describe('private channel invites', () => {
  it('link to the invite page and let a signed-in user join once', async () => {
    const link = await inviteLink(member);
    expect(link.hash).toMatch(new RegExp(`^#/invite_private/${gid}\\?magic_token=`));
    const token = tokenOf(link);
    expect((await t.request('POST', '/user/check_magic_token', { json: { magic_token: token } })).json).toBe(
      true,
    );

    const joined = await join(outsider, token);
    expect(joined.status).toBe(200);
    expect(joined.json).toMatchObject({ gid, name: 'secret', is_public: false });
    expect(joined.json.members).toContain(outsider.uid);
    expect(await members()).toContain(outsider.uid);
    expect((await join(outsider, token)).status).toBe(412);
  });

  it('tells the joiner and the members', async () => {
    const token = tokenOf(await inviteLink(owner));
    const streams: TestStream[] = [];
    try {
      const joinerStream = await openTestStream(t.url, outsider.token);
      const memberStream = await openTestStream(t.url, member.token);
      streams.push(joinerStream, memberStream);
      await Promise.all(streams.map((s) => s.ready()));
      await join(outsider, token);
      await joinerStream.waitFor((e) => e.type === 'joined_group' && e.group.gid === gid);
      await memberStream.waitFor(
        (e) => e.type === 'user_joined_group' && e.gid === gid && e.uid.includes(outsider.uid),
      );
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('answers 409 for unknown, used-up, expired and sign-up tokens, and changes nothing', async () => {
    const once = tokenOf(await inviteLink(owner, '&max_times=1'));
    expect((await join(outsider, once)).status).toBe(200);
    const another = await createUser(t, 'another');
    expect((await join(another, once)).status).toBe(409);
    const short = tokenOf(await inviteLink(owner, '&expired_in=60'));
    now += 61_000;
    try {
      expect((await join(another, short)).status).toBe(409);
    } finally {
      now = Date.now();
    }
    const reg = await t.request('GET', `/group/create_reg_magic_link?gid=${gid}`, { token: owner.token });
    const regToken = new URL(reg.text).searchParams.get('magic_token')!;
    expect((await join(another, regToken)).status).toBe(409);
    for (const bad of ['', 'nope', 'A'.repeat(32)]) expect((await join(another, bad)).status).toBe(409);
    expect(await members()).not.toContain(another.uid);
  });

  it('cannot be used to sign up, and stops working once its creator has left', async () => {
    const token = tokenOf(await inviteLink(member));
    const reg = await t.request('POST', '/user/register', {
      json: { email: 'sneak@example.com', password: 'a good password', name: 'sneak', magic_token: token },
    });
    expect(reg.status).toBe(412);
    await t.request('POST', `/group/${gid}/members/remove`, { token: owner.token, json: [member.uid] });
    expect((await join(outsider, token)).status).toBe(409);
  });

  it('is made by members and administrators only, never for a public channel', async () => {
    const denied = await t.request('GET', `/group/create_invite_private_magic_link?gid=${gid}`, {
      token: outsider.token,
    });
    expect(denied.status).toBe(403);
    await inviteLink(admin);
    const pub = await createChannel(t, admin, { name: 'open', is_public: true });
    const res = await t.request('GET', `/group/create_invite_private_magic_link?gid=${pub}`, {
      token: admin.token,
    });
    expect(res.status).toBe(400);
    const missing = await t.request('GET', '/group/create_invite_private_magic_link?gid=99999', {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
  });
});
