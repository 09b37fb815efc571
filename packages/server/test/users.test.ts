/**
 * Users (API.md §4): reading them without private fields, profile changes, avatars, passwords and
 * deleting an account, with what everyone hears. Sign-up and invitations: `registration.test.ts`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIMITS } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLUE, RED, inspectImage, solidPng } from './support/images.js';
import { createAdmin, createChannel, createUser, type TestUser, useTestServer } from './support/server.js';
import { isUsersLog } from './support/event-filters.js';
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

const t = useTestServer();
let admin: TestUser;
let watcher: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
  watcher = await createUser(t, 'watcher');
});

const streams = streamsClosedAfterEach();
const readyStream = (user: TestUser) => streams.ready(t.url, user.token);

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
