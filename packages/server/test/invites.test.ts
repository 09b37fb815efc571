/**
 * Invites bound to a private channel work only while their creator can still read it; owners and
 * administrators list and revoke invites (docs/api.md, "Invites").
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createChannel, createUser, useTestServer, type TestUser } from './support/server.js';

// One server for the file: each test has its own owner, member and channel, and looks only at
// the invites its own users made.
const t = useTestServer();
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let gid: number;
beforeAll(async () => {
  admin = await createAdmin(t);
});
beforeEach(async () => {
  owner = await createUser(t);
  member = await createUser(t);
  gid = await createChannel(t, owner, { name: 'secret', is_public: false, members: [member.uid] });
});

async function invite(by: TestUser, query = `?gid=${gid}`): Promise<string> {
  const res = await t.request('GET', `/group/create_reg_magic_link${query}`, { token: by.token });
  expect(res.status).toBe(200);
  return new URL(res.text).searchParams.get('magic_token')!;
}
const usable = async (token: string) =>
  (await t.request('POST', '/user/check_magic_token', { json: { magic_token: token } })).json as boolean;
const register = (token: string, name: string) =>
  t.request('POST', '/user/register', {
    json: { email: `${name}@example.com`, password: 'a good password', name, magic_token: token },
  });
const list = (by: TestUser, query = '') => t.request('GET', `/invites${query}`, { token: by.token });
/** The invites among `listed` that one of `creators` made. */
const madeBy = (listed: { created_by: number }[], ...creators: TestUser[]) =>
  listed.filter((i) => creators.some((c) => c.uid === i.created_by));

describe('invites bound to a private channel', () => {
  it('stop working once their creator has left the channel, and let nobody in', async () => {
    const token = await invite(member);
    expect(await usable(token)).toBe(true);
    const removed = await t.request('POST', `/group/${gid}/members/remove`, {
      token: owner.token,
      json: [member.uid],
    });
    expect(removed.status).toBe(200);
    expect(await usable(token)).toBe(false);
    expect((await register(token, 'sneaky')).status).toBe(412);
    const members = await t.request('GET', `/group/${gid}`, { token: owner.token });
    expect(members.json.members).toEqual([owner.uid]);
  });

  it('keep working while the creator is still a member', async () => {
    const token = await invite(member);
    const res = await register(token, 'welcome');
    expect(res.status).toBe(200);
    const members = await t.request('GET', `/group/${gid}`, { token: owner.token });
    expect(members.json.members).toContain(res.json.user.uid);
  });
});

describe('listing and revoking invites', () => {
  it('shows administrators every invite, owners their channel’s, others only their own', async () => {
    const byMember = await invite(member);
    await invite(admin, '');
    const outsider = await createUser(t, 'outsider');
    await invite(outsider, '');
    const all = await list(admin);
    expect(all.status).toBe(200);
    // Every invite this test made (the file's other tests make none as the administrator).
    expect(madeBy(all.json, member, admin, outsider)).toHaveLength(3);
    expect(JSON.stringify(all.json)).not.toContain(byMember);
    const ownerView = await list(owner);
    expect(ownerView.json).toHaveLength(1);
    expect(ownerView.json[0]).toMatchObject({ gid, created_by: member.uid, used_times: 0 });
    expect((await list(outsider)).json).toHaveLength(1);
    expect((await list(admin, `?gid=${gid}`)).json).toHaveLength(1);
  });

  it('lets the owner, an administrator or the creator revoke an invite, and nobody else', async () => {
    const token = await invite(member);
    const [entry] = (await list(owner)).json as { id: string }[];
    const outsider = await createUser(t, 'outsider');
    expect((await t.request('DELETE', `/invites/${entry!.id}`, { token: outsider.token })).status).toBe(403);
    expect(await usable(token)).toBe(true);
    expect((await t.request('DELETE', `/invites/${entry!.id}`, { token: owner.token })).status).toBe(200);
    expect(await usable(token)).toBe(false);
    expect((await register(token, 'late')).status).toBe(412);
    expect((await t.request('DELETE', `/invites/${entry!.id}`, { token: admin.token })).status).toBe(404);
    expect(madeBy((await list(admin)).json, member)).toEqual([]);
  });
});
