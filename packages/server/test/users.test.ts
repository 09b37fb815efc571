import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIMITS, type ServerEvent } from '@parley/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLUE, RED, inspectImage, solidPng } from './support/images.js';
import { createAdmin, createChannel, createUser, type TestUser, useTestServer } from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

const USER_INFO_KEYS = [
  'avatar_updated_at',
  'create_by',
  'email',
  'gender',
  'is_admin',
  'is_bot',
  'language',
  'name',
  'uid',
];

let now = Date.now();
const t = useTestServer({ now: () => now });
let admin: TestUser;
let watcher: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
  watcher = await createUser(t, 'watcher');
});

const streams = streamsClosedAfterEach();
const readyStream = (user: TestUser) => streams.ready(t.url, user.token);

let seq = 0;
const register = (body: Record<string, unknown>) =>
  t.request('POST', '/user/register', {
    json: {
      email: `reg${++seq}@example.com`,
      password: 'a good password',
      gender: 0,
      device: 'browser',
      ...body,
    },
  });

async function setSignUp(rule: 'EveryOne' | 'InvitationOnly'): Promise<void> {
  const config = (await t.request('GET', '/admin/login/config')).json as Record<string, unknown>;
  const res = await t.request('POST', '/admin/login/config', {
    token: admin.token,
    json: { ...config, who_can_sign_up: rule },
  });
  expect(res.status).toBe(200);
}

async function inviteToken(by: TestUser, query = ''): Promise<string> {
  const res = await t.request('GET', `/group/create_reg_magic_link${query}`, { token: by.token });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(res.text).toContain('magic_token=');
  expect(res.text).toMatch(/#\/register$/);
  const token = new URL(res.text).searchParams.get('magic_token');
  expect(token).toBeTruthy();
  return token!;
}

const isUsersLog = (uid: number, action: string) => (e: ServerEvent) =>
  e.type === 'users_log' && e.logs.some((l) => l.uid === uid && l.action === action);

describe('registration', () => {
  it('registers anyone while sign-up is open, and signs them in at once', async () => {
    const res = await register({ name: 'Newcomer', email: 'New.Comer@Example.com' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      server_id: admin.login.server_id,
      expired_in: LIMITS.accessTokenSeconds,
      user: {
        name: 'Newcomer',
        email: 'new.comer@example.com',
        is_admin: false,
        create_by: 'password',
        language: 'en-US',
      },
    });
    expect((await t.request('GET', '/user/me', { token: res.json.token })).json).toMatchObject({
      uid: res.json.user.uid,
    });
    const login = await t.request('POST', '/token/login', {
      json: {
        credential: { type: 'password', email: 'new.comer@example.com', password: 'a good password' },
        device: 'web:n',
      },
    });
    expect(login.status).toBe(200);
  });

  it('announces the new user to everyone with a users_log create row', async () => {
    const s = await readyStream(watcher);
    const res = await register({ name: 'Announced' });
    const e = await s.waitFor(isUsersLog(res.json.user.uid, 'create'));
    expect(e).toMatchObject({
      logs: [{ action: 'create', uid: res.json.user.uid, name: 'Announced', is_admin: false }],
    });
  });

  it('answers 409 email_conflict for a taken email, whatever its case', async () => {
    await register({ email: 'taken@example.com', name: 'Taker' });
    const res = await register({ email: 'TAKEN@example.com', name: 'Other' });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ reason: 'email_conflict' });
  });

  it('derives a free name when the wanted one is taken or missing', async () => {
    const first = await register({ name: 'Sam' });
    expect(first.json.user.name).toBe('Sam');
    const second = await register({ name: 'sam' });
    expect(second.status).toBe(200);
    expect(second.json.user.name).toMatch(/^sam\d{4}$/);
    const unnamed = await register({ email: 'jo.doe@example.com', name: undefined });
    expect(unnamed.json.user.name).toBe('jo.doe');
    const again = await register({ email: 'JO.DOE@example.org', name: null });
    expect(again.json.user.name).toMatch(/^JO\.DOE\d{4}$/i);
  });

  it.each([
    ['an invalid email', { email: 'no-at-sign' }],
    ['a short password', { password: 'short' }],
    ['a name over 32 characters', { name: 'x'.repeat(33) }],
    ['a numeric name', { name: 12345 }],
    ['a gender of 7', { gender: 7 }],
  ])('answers 400 to %s', async (_what, body) => {
    const before = (await t.request('GET', '/user', { token: admin.token })).json.length;
    expect((await register(body)).status).toBe(400);
    expect((await t.request('GET', '/user', { token: admin.token })).json.length).toBe(before);
  });

  it('tells whether an email is available', async () => {
    const check = (email: string) => t.request('GET', `/user/check_email?email=${encodeURIComponent(email)}`);
    expect((await check('free@example.com')).json).toBe(true);
    expect((await check(admin.email)).json).toBe(false);
    expect((await check(admin.email.toUpperCase())).json).toBe(false);
    expect((await check('nope')).status).toBe(400);
    expect((await t.request('GET', '/user/check_email')).status).toBe(400);
    expect((await t.request('GET', '/user/check_email?email=')).status).toBe(400);
  });
});

describe('invitations', () => {
  afterEach(async () => {
    await setSignUp('EveryOne');
  });

  it('refuses sign-up without an invitation under InvitationOnly, and accepts an invite link', async () => {
    await setSignUp('InvitationOnly');
    expect((await register({ name: 'Uninvited' })).status).toBe(403);
    const token = await inviteToken(admin);
    const res = await register({ name: 'Invited', magic_token: token });
    expect(res.status).toBe(200);
    expect(res.json.user.name).toBe('Invited');
  });

  it('lets ordinary users invite unless only administrators may', async () => {
    await setSignUp('InvitationOnly');
    const token = await inviteToken(watcher);
    expect((await register({ magic_token: token })).status).toBe(200);

    const setInvite = (value: boolean) =>
      t.request('PUT', '/admin/system/common', { token: admin.token, json: { who_can_invite_users: value } });
    expect((await setInvite(false)).status).toBe(200);
    try {
      expect((await t.request('GET', '/group/create_reg_magic_link', { token: watcher.token })).status).toBe(
        403,
      );
      await inviteToken(admin);
    } finally {
      await setInvite(true);
    }
    expect((await t.request('GET', '/group/create_reg_magic_link')).status).toBe(401);
  });

  it('checks an invite token without spending it: true while usable, false once used up or unknown', async () => {
    const check = async (magic_token: unknown) =>
      (await t.request('POST', '/user/check_magic_token', { json: { magic_token } })).json;
    const res = await t.request('GET', '/group/create_reg_magic_link?max_times=1', { token: admin.token });
    const token = new URL(res.text).searchParams.get('magic_token')!;
    expect(await check(token)).toBe(true);
    expect(await check(token)).toBe(true);
    expect((await register({ magic_token: token })).status).toBe(200);
    expect(await check(token)).toBe(false);
    expect(await check('no-such-token')).toBe(false);
    expect(await check('')).toBe(false);
    expect((await t.request('POST', '/user/check_magic_token', { json: { magic_token: 5 } })).status).toBe(
      400,
    );
  });

  it('answers 412 for an unknown, expired or used-up token', async () => {
    await setSignUp('InvitationOnly');
    expect((await register({ magic_token: 'no-such-token' })).status).toBe(412);

    const expiring = await inviteToken(admin, '?expired_in=60');
    now += 61_000;
    expect((await register({ magic_token: expiring })).status).toBe(412);

    const once = await inviteToken(admin, '?max_times=1');
    expect((await register({ magic_token: once })).status).toBe(200);
    expect((await register({ magic_token: once })).status).toBe(412);
  });

  it('also answers 412 for a bad token while sign-up is open to everyone', async () => {
    expect((await register({ magic_token: 'no-such-token' })).status).toBe(412);
  });

  it('counts only successful registrations against max_times', async () => {
    await setSignUp('InvitationOnly');
    const token = await inviteToken(admin, '?max_times=2');
    const conflict = await register({ email: admin.email, magic_token: token });
    expect(conflict.status).toBe(409);
    expect((await register({ magic_token: token, password: 'short' })).status).toBe(400);
    expect((await register({ magic_token: token })).status).toBe(200);
    expect((await register({ magic_token: token })).status).toBe(200);
    expect((await register({ magic_token: token })).status).toBe(412);
  });

  it('adds the newcomer to the private channel the invitation is for', async () => {
    const gid = await createChannel(t, admin, { name: 'invite-room', is_public: false });
    const token = await inviteToken(admin, `?gid=${gid}`);
    const res = await register({ magic_token: token });
    expect(res.status).toBe(200);
    const group = await t.request('GET', `/group/${gid}`, { token: res.json.token });
    expect(group.status).toBe(200);
    expect(group.json.members).toContain(res.json.user.uid);
  });

  it('refuses invitation links for unknown channels and for private channels the inviter is not in', async () => {
    const gid = await createChannel(t, admin, { name: 'closed-room', is_public: false });
    expect(
      (await t.request('GET', `/group/create_reg_magic_link?gid=${gid}`, { token: watcher.token })).status,
    ).toBe(403);
    expect(
      (await t.request('GET', '/group/create_reg_magic_link?gid=999999', { token: admin.token })).status,
    ).toBe(404);
    expect(
      (await t.request('GET', '/group/create_reg_magic_link?max_times=0', { token: admin.token })).status,
    ).toBe(400);
    expect(
      (await t.request('GET', '/group/create_reg_magic_link?expired_in=abc', { token: admin.token })).status,
    ).toBe(400);
  });
});

describe('reading users', () => {
  it('lists users without passwords or private fields', async () => {
    const res = await t.request('GET', '/user', { token: watcher.token });
    expect(res.status).toBe(200);
    const users = res.json as Record<string, unknown>[];
    expect(users.map((u) => u.uid)).toEqual(expect.arrayContaining([admin.uid, watcher.uid]));
    for (const u of users) expect(Object.keys(u).sort()).toEqual(USER_INFO_KEYS);
    expect(res.text).not.toMatch(/argon2|password_hash|"status"|"created_at"|"updated_at"/);
    expect(res.text).not.toContain(admin.password);
  });

  it('returns the caller and any user by uid, without private fields', async () => {
    const self = await t.request('GET', '/user/me', { token: watcher.token });
    expect(self.status).toBe(200);
    expect(Object.keys(self.json).sort()).toEqual(USER_INFO_KEYS);
    expect(self.json).toMatchObject({ uid: watcher.uid, name: watcher.name });
    const other = await t.request('GET', `/user/${admin.uid}`, { token: watcher.token });
    expect(other.status).toBe(200);
    expect(Object.keys(other.json).sort()).toEqual(USER_INFO_KEYS);
    expect(other.json).toMatchObject({ uid: admin.uid, is_admin: true });
  });

  it('answers 404 for an unknown uid, 400 for a malformed one and 401 without a token', async () => {
    expect((await t.request('GET', '/user/999999', { token: watcher.token })).status).toBe(404);
    expect((await t.request('GET', '/user/abc', { token: watcher.token })).status).toBe(400);
    expect((await t.request('GET', '/user/-1', { token: watcher.token })).status).toBe(400);
    for (const path of ['/user', '/user/me', `/user/${admin.uid}`])
      expect((await t.request('GET', path)).status).toBe(401);
  });

  it('answers contacts and favorites with empty lists', async () => {
    for (const path of ['/user/contacts', '/favorite']) {
      const res = await t.request('GET', path, { token: watcher.token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual([]);
    }
  });
});

describe('profile', () => {
  it('updates the name and tells everyone only what changed', async () => {
    const user = await createUser(t, 'renamer');
    const s = await readyStream(watcher);
    const res = await t.request('PUT', '/user', { token: user.token, json: { name: 'Renamed' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ uid: user.uid, name: 'Renamed', email: user.email });
    const e = await s.waitFor(isUsersLog(user.uid, 'update'));
    expect(e.type === 'users_log' && e.logs.find((l) => l.uid === user.uid)).toEqual({
      log_id: expect.any(Number),
      action: 'update',
      uid: user.uid,
      name: 'Renamed',
      email: null,
      gender: null,
      language: null,
      is_admin: null,
      is_bot: null,
      avatar_updated_at: null,
    });
    expect((await t.request('GET', '/user/me', { token: user.token })).json.name).toBe('Renamed');
  });

  it('updates gender and language together', async () => {
    const user = await createUser(t, 'polyglot');
    const s = await readyStream(watcher);
    const res = await t.request('PUT', '/user', {
      token: user.token,
      json: { gender: 1, language: 'de-DE' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ gender: 1, language: 'de-DE', name: user.name });
    const e = await s.waitFor(isUsersLog(user.uid, 'update'));
    expect(e.type === 'users_log' && e.logs[0]).toMatchObject({
      name: null,
      gender: 1,
      language: 'de-DE',
      avatar_updated_at: null,
    });
  });

  it('answers 409 name_conflict for a name someone else holds, in any case', async () => {
    const user = await createUser(t, 'wannabe');
    const res = await t.request('PUT', '/user', {
      token: user.token,
      json: { name: watcher.name.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ reason: 'name_conflict' });
    expect((await t.request('GET', '/user/me', { token: user.token })).json.name).toBe(user.name);
    // Changing the case of one's own name is not a conflict.
    expect(
      (await t.request('PUT', '/user', { token: user.token, json: { name: user.name.toUpperCase() } }))
        .status,
    ).toBe(200);
  });

  it('answers 400 to an empty or invalid update', async () => {
    const user = await createUser(t, 'blank');
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(33) },
      { gender: 'male' },
      { language: '' },
      { language: '  ' },
      { email: 'x@example.com' },
    ]) {
      expect(
        (await t.request('PUT', '/user', { token: user.token, json: body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await t.request('PUT', '/user', { token: user.token })).status).toBe(400);
    expect((await t.request('PUT', '/user', { json: { name: 'Anon' } })).status).toBe(401);
  });
});

describe('avatars', () => {
  it('stores an uploaded avatar as a PNG and tells everyone', async () => {
    const user = await createUser(t, 'painter');
    expect((await t.request('GET', `/resource/avatar?uid=${user.uid}`)).status).toBe(404);
    const s = await readyStream(watcher);
    const res = await t.request('POST', '/user/avatar', {
      token: user.token,
      body: await solidPng(BLUE, 500, 300),
      headers: { 'content-type': 'image/png' },
    });
    expect(res.status).toBe(200);

    const e = await s.waitFor(isUsersLog(user.uid, 'update'));
    const log = e.type === 'users_log' ? e.logs.find((l) => l.uid === user.uid) : undefined;
    expect(log).toMatchObject({
      name: null,
      email: null,
      gender: null,
      language: null,
      is_admin: null,
      avatar_updated_at: expect.any(Number),
    });
    expect(log!.avatar_updated_at).toBeGreaterThan(0);
    expect((await t.request('GET', '/user/me', { token: user.token })).json.avatar_updated_at).toBe(
      log!.avatar_updated_at,
    );

    const served = await t.request('GET', `/resource/avatar?uid=${user.uid}&t=${log!.avatar_updated_at}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const image = await inspectImage(served.bytes);
    expect(image).toMatchObject({ format: 'png', width: 256, height: 256 });
    expect(image.mean).toEqual(BLUE);
  });

  it('answers 404 for users without an avatar and unknown users, 400 for a bad uid', async () => {
    expect((await t.request('GET', `/resource/avatar?uid=${watcher.uid}`)).status).toBe(404);
    expect((await t.request('GET', '/resource/avatar?uid=999999')).status).toBe(404);
    expect((await t.request('GET', '/resource/avatar?uid=abc')).status).toBe(400);
    expect((await t.request('GET', '/resource/avatar')).status).toBe(400);
  });

  it('refuses what is not an image, what is too large, and anonymous uploads', async () => {
    const user = await createUser(t, 'refused');
    const upload = (body: string | Buffer, contentType?: string, token: string | null = user.token) =>
      t.request('POST', '/user/avatar', {
        token: token ?? undefined,
        body,
        headers: contentType ? { 'content-type': contentType } : {},
      });
    expect((await upload(Buffer.from('not an image at all'), 'image/png')).status).toBe(400);
    expect((await upload(Buffer.alloc(0), 'image/png')).status).toBe(400);
    expect((await upload(Buffer.alloc(LIMITS.imageMaxBytes + 1, 1), 'image/png')).status).toBe(413);
    expect((await upload(await solidPng(RED), 'image/png', null)).status).toBe(401);
    expect((await upload(await solidPng(RED))).status).toBe(415);
    expect((await t.request('GET', `/resource/avatar?uid=${user.uid}`)).status).toBe(404);
    expect((await t.request('GET', '/user/me', { token: user.token })).json.avatar_updated_at).toBe(0);
  });

  it('never reads a file on the server named by a text body', async () => {
    const user = await createUser(t, 'prober');
    const path = join(t.db.dataDir, 'secret.png');
    await writeFile(path, await solidPng(RED));
    const res = await t.request('POST', '/user/avatar', {
      token: user.token,
      body: path,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    const json = await t.request('POST', '/user/avatar', { token: user.token, json: path });
    expect(json.status).toBe(415);
    expect((await t.request('GET', `/resource/avatar?uid=${user.uid}`)).status).toBe(404);
  });
});

describe('password and account', () => {
  it('changes the password only with the right old one', async () => {
    const user = await createUser(t, 'rotatepw');
    const change = (old_password: string, new_password: string) =>
      t.request('POST', '/user/change_password', { token: user.token, json: { old_password, new_password } });
    const loginWith = (password: string) =>
      t.request('POST', '/token/login', {
        json: { credential: { type: 'password', email: user.email, password }, device: 'web:pw' },
      });

    expect((await change('wrong password', 'brand new password')).status).toBe(403);
    expect((await change(user.password, 'short')).status).toBe(400);
    expect((await loginWith(user.password)).status).toBe(200);
    expect((await change(user.password, 'brand new password')).status).toBe(200);
    expect((await loginWith('brand new password')).status).toBe(200);
    expect((await loginWith(user.password)).status).toBe(401);
    expect(
      (
        await t.request('POST', '/user/change_password', {
          json: { old_password: 'a', new_password: 'brand new password' },
        })
      ).status,
    ).toBe(401);
  });

  it('deletes the caller’s account and tells everyone', async () => {
    const user = await createUser(t, 'goner');
    const gid = await createChannel(t, user, {
      name: 'goner-room',
      is_public: false,
      members: [watcher.uid],
    });
    const s = await readyStream(watcher);
    expect((await t.request('DELETE', '/user/delete', { token: user.token })).status).toBe(200);
    await s.waitFor(isUsersLog(user.uid, 'delete'));
    // Their private channel passes to the remaining member.
    const group = await s.waitFor((e) => e.type === 'group_changed' && e.gid === gid);
    expect(group).toMatchObject({ owner: watcher.uid });
    expect((await t.request('GET', `/user/${user.uid}`, { token: watcher.token })).status).toBe(404);
    expect(
      (await t.request('GET', '/user', { token: watcher.token })).json.map((u: { uid: number }) => u.uid),
    ).not.toContain(user.uid);
    expect((await t.request('GET', '/user/me', { token: user.token })).status).toBe(401);
    const login = await t.request('POST', '/token/login', {
      json: {
        credential: { type: 'password', email: user.email, password: user.password },
        device: 'web:gone',
      },
    });
    expect(login.status).toBe(404);
    // The email is free again.
    expect((await t.request('GET', `/user/check_email?email=${encodeURIComponent(user.email)}`)).json).toBe(
      true,
    );
  });

  it('refuses to delete the last administrator', async () => {
    expect((await t.request('DELETE', '/user/delete', { token: admin.token })).status).toBe(403);
    expect((await t.request('GET', '/user/me', { token: admin.token })).status).toBe(200);
    expect((await t.request('DELETE', '/user/delete')).status).toBe(401);
  });
});
