/**
 * Member administration (API.md §11.1): the full `PUT /admin/user/{uid}`, freezing (every stream
 * and session ends at once), roles without losing the last administrator, password resets,
 * deleting, avatars, and a member's sessions with revocation.
 */
import type { AdminSession, AdminUser } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, login, type TestUser, useTestServer } from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';
import { solidPng, RED } from './support/images.js';

const t = useTestServer();
const streams = streamsClosedAfterEach();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
});

const put = (uid: number, json: unknown, token = admin.token) =>
  t.request('PUT', `/admin/user/${uid}`, { token, json });
const getUser = async (uid: number) =>
  (await t.request('GET', `/admin/user/${uid}`, { token: admin.token })).json as AdminUser;

describe('PUT /admin/user/{uid}', () => {
  it('changes e-mail, name, gender and language, answering the AdminUser and logging users_log', async () => {
    const alice = await createUser(t, 'alice');
    const s = await streams.ready(t.url, admin.token);
    const res = await put(alice.uid, {
      email: 'Alice.New@Example.com',
      name: 'Alice N',
      gender: 1,
      language: 'fr',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      uid: alice.uid,
      email: 'alice.new@example.com',
      name: 'Alice N',
      gender: 1,
      language: 'fr',
      password: '',
      status: 'normal',
      is_admin: false,
    });
    await s.waitFor(
      (e) =>
        e.type === 'users_log' &&
        e.logs.some((l) => l.uid === alice.uid && l.email === 'alice.new@example.com'),
    );
    expect(await getUser(alice.uid)).toEqual(res.json);
  });

  it('refuses bad input with 400 or 409 and changes nothing', async () => {
    const bob = await createUser(t, 'bob');
    const other = await createUser(t, 'other');
    const before = await getUser(bob.uid);
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ email: 'not an email' }, 400],
      [{ password: 'short' }, 400],
      [{ gender: 7 }, 400],
      [{ language: '  ' }, 400],
      [{ status: 'asleep' }, 400],
      [{ unknown_field: 1, name: 'x' }, 200],
      [{ email: other.email }, 409],
      [{ name: other.name }, 409],
    ];
    for (const [json, status] of cases.filter(([, s]) => s !== 200)) {
      const res = await put(bob.uid, json);
      expect(res.status, JSON.stringify(json)).toBe(status);
    }
    expect(await getUser(bob.uid)).toEqual(before);
    expect((await put(987654, { name: 'nobody' })).status).toBe(404);
    expect((await put(bob.uid, { name: 'x' }, bob.token)).status).toBe(403);
  });

  it('resets a password: the old one stops, every session of the member ends', async () => {
    const carol = await createUser(t, 'carol');
    const s = await streams.ready(t.url, carol.token);
    const res = await put(carol.uid, { password: 'a brand new password' });
    expect(res.status, res.text).toBe(200);
    await s.waitFor((e) => e.type === 'kick' && e.reason === 'logout');
    await s.ended;
    expect((await t.request('GET', '/user/me', { token: carol.token })).status).toBe(401);
    const failed = await t.request('POST', '/token/login', {
      json: { credential: { type: 'password', email: carol.email, password: carol.password } },
    });
    expect(failed.status).toBe(401);
    await login(t, carol.email, 'a brand new password');
  });
});

describe('freezing', () => {
  it('kicks every stream and session of the member at once, and unfreezing lets them sign in again', async () => {
    const dave = await createUser(t, 'dave');
    const second = await login(t, dave.email, dave.password);
    const [s1, s2] = await Promise.all([
      streams.ready(t.url, dave.token),
      streams.ready(t.url, second.token),
    ]);
    const res = await put(dave.uid, { status: 'frozen' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'frozen', online_devices: [] });
    for (const s of [s1, s2]) {
      await s.waitFor((e) => e.type === 'kick' && e.reason === 'frozen');
      await s.ended;
    }
    for (const u of [dave, second]) {
      expect((await t.request('GET', '/user/me', { token: u.token })).status).toBe(401);
      const renew = await t.request('POST', '/token/renew', {
        json: { token: u.token, refresh_token: u.refreshToken },
      });
      expect(renew.status).toBe(401);
    }
    const locked = await t.request('POST', '/token/login', {
      json: { credential: { type: 'password', email: dave.email, password: dave.password } },
    });
    expect(locked.status).toBe(423);
    expect((await put(dave.uid, { status: 'normal' })).status).toBe(200);
    await login(t, dave.email, dave.password);
  });

  it('never freezes or demotes the last administrator, nor lets one freeze themselves', async () => {
    expect((await put(admin.uid, { status: 'frozen' })).status).toBe(403);
    expect((await put(admin.uid, { is_admin: false })).status).toBe(403);
    const erin = await createUser(t, 'erin');
    const promoted = await put(erin.uid, { is_admin: true });
    expect(promoted.status).toBe(200);
    expect(promoted.json).toMatchObject({ is_admin: true });
    const erinAgain = await login(t, erin.email, erin.password);
    // Two administrators: either may demote the other, nobody freezes themselves.
    expect((await put(erin.uid, { status: 'frozen' }, erinAgain.token)).status).toBe(403);
    expect((await put(erin.uid, { is_admin: false })).status).toBe(200);
    expect((await getUser(erin.uid)).is_admin).toBe(false);
    expect((await getUser(admin.uid)).is_admin).toBe(true);
  });
});

describe('deleting, avatars and sessions', () => {
  it('deletes a member (kick delete_user), but not oneself nor the founder', async () => {
    const frank = await createUser(t, 'frank');
    const s = await streams.ready(t.url, frank.token);
    expect((await t.request('DELETE', `/admin/user/${frank.uid}`, { token: admin.token })).status).toBe(200);
    await s.waitFor((e) => e.type === 'kick' && e.reason === 'delete_user');
    expect((await t.request('GET', `/admin/user/${frank.uid}`, { token: admin.token })).status).toBe(404);
    expect((await t.request('DELETE', `/admin/user/${frank.uid}`, { token: admin.token })).status).toBe(404);
    expect((await t.request('DELETE', `/admin/user/${admin.uid}`, { token: admin.token })).status).toBe(403);
    const gina = await createUser(t, 'gina');
    expect((await put(gina.uid, { is_admin: true })).status).toBe(200);
    const ginaAdmin = await login(t, gina.email, gina.password);
    // uid 1 is the founder.
    expect((await t.request('DELETE', `/admin/user/1`, { token: ginaAdmin.token })).status).toBe(403);
  });

  it('sets a member’s avatar', async () => {
    const hal = await createUser(t, 'hal');
    const png = await solidPng(RED, 200, 200);
    const res = await t.request('POST', `/admin/user/${hal.uid}/avatar`, {
      token: admin.token,
      body: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(res.status, res.text).toBe(200);
    expect((await getUser(hal.uid)).avatar_updated_at).toBeGreaterThan(0);
    expect((await t.request('GET', `/resource/avatar?uid=${hal.uid}`)).status).toBe(200);
  });

  it('lists a member’s sessions and revokes one: that stream closes, the other stays', async () => {
    const ivy = await createUser(t, 'ivy');
    const phone = await login(t, ivy.email, ivy.password, 'phone');
    const list = await t.request('GET', `/admin/user/${ivy.uid}/sessions`, { token: admin.token });
    expect(list.status).toBe(200);
    const devices = (list.json as AdminSession[]).map((d) => d.device).sort();
    expect(devices).toEqual([ivy.device, 'phone'].sort());
    const [sIvy, sPhone] = await Promise.all([
      streams.ready(t.url, ivy.token),
      streams.ready(t.url, phone.token),
    ]);
    const revoke = await t.request('DELETE', `/admin/user/${ivy.uid}/sessions/phone`, { token: admin.token });
    expect(revoke.status).toBe(200);
    await sPhone.waitFor((e) => e.type === 'kick' && e.reason === 'delete_device');
    await sPhone.ended;
    expect((await t.request('GET', '/user/me', { token: phone.token })).status).toBe(401);
    expect((await t.request('GET', '/user/me', { token: ivy.token })).status).toBe(200);
    expect(sIvy.events.some((e) => e.type === 'kick')).toBe(false);
    expect(
      (await t.request('DELETE', `/admin/user/${ivy.uid}/sessions/phone`, { token: admin.token })).status,
    ).toBe(404);
  });
});
