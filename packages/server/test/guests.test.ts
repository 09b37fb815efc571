/**
 * Guest mode (API.md §2.2, §15.7; SPEC §4, §6; issue 12): guests read public channels only, send
 * nothing, are never listed, and are removed a week after they were made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loginConfig } from './support/login-config.js';
import {
  createAdmin,
  createChannel,
  createUser,
  sendText,
  useTestServer,
  type TestUser,
} from './support/server.js';

let now = Date.now();
const t = useTestServer({ now: () => now });
let admin: TestUser;
let member: TestUser;
let publicGid: number;
let privateGid: number;
beforeAll(async () => {
  admin = await createAdmin(t);
  member = await createUser(t, 'member');
  publicGid = await createChannel(t, admin, { name: 'lobby', is_public: true });
  privateGid = await createChannel(t, admin, { name: 'secret', is_public: false, members: [member.uid] });
  await sendText(t, member, { gid: publicGid }, 'hello everyone');
});

const setGuestMode = (guest: boolean) =>
  t.request('POST', '/admin/login/config', {
    token: admin.token,
    json: loginConfig({ guest }),
  });

describe('guest mode', () => {
  it('is refused with 403 while off, creating nothing', async () => {
    const before = await t.server.ctx.store.users.guestsCreatedBefore(Number.MAX_SAFE_INTEGER, 1000);
    const res = await t.request('GET', '/token/login_guest');
    expect(res.status).toBe(403);
    expect(await t.server.ctx.store.users.guestsCreatedBefore(Number.MAX_SAFE_INTEGER, 1000)).toEqual(before);
  });

  it('gives a guest who reads public channels only and cannot send', async () => {
    expect((await setGuestMode(true)).status).toBe(200);
    const res = await t.request('GET', '/token/login_guest');
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email: null, create_by: 'guest', is_admin: false });
    expect(res.json.user.name).toMatch(/^User\d{6}$/);
    const token = res.json.token as string;

    const groups = await t.request('GET', '/group', { token });
    expect(groups.status).toBe(200);
    const gids = (groups.json as { gid: number }[]).map((g) => g.gid);
    expect(gids).toContain(publicGid);
    expect(gids).not.toContain(privateGid);
    const history = await t.request('GET', `/group/${publicGid}/history?limit=10`, { token });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.json)).toContain(Buffer.from('hello everyone').toString('utf8'));
    expect((await t.request('GET', `/group/${privateGid}/history?limit=10`, { token })).status).toBe(403);

    const sent = await t.request('POST', `/group/${publicGid}/send`, {
      token,
      body: 'may I?',
      headers: { 'content-type': 'text/plain' },
    });
    expect(sent.status).toBe(403);
    const dm = await t.request('POST', `/user/${member.uid}/send`, {
      token,
      body: 'hi',
      headers: { 'content-type': 'text/plain' },
    });
    expect(dm.status).toBe(403);

    const users = (await t.request('GET', '/user', { token: admin.token })).json as { uid: number }[];
    expect(users.map((u) => u.uid)).not.toContain(res.json.user.uid);
  });

  it('removes guests a week after they were made', async () => {
    const old = await t.request('GET', '/token/login_guest');
    const oldUid = old.json.user.uid as number;
    now += 7 * 24 * 3_600_000 + 60_000;
    try {
      const fresh = await t.request('GET', '/token/login_guest');
      expect(fresh.status).toBe(200);
      expect(await t.server.ctx.store.users.get(oldUid)).toBeUndefined();
      expect(await t.server.ctx.store.users.get(fresh.json.user.uid)).toBeDefined();
    } finally {
      now = Date.now();
    }
  });
});
