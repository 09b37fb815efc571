/**
 * Sign-up (API.md §4): registration while sign-up is open, invitations and their limits, and the
 * users_log record everyone receives. Reading and changing users: `users.test.ts`.
 */
import { LIMITS } from '@parley/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isUsersLog } from './support/event-filters.js';
import { createAdmin, createChannel, createUser, type TestUser, useTestServer } from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

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
