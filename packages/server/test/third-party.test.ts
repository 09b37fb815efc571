/**
 * Third-party sign-in (API.md §1.4, §2.1–§2.2, §3; docs/third-party.md): the administrator's
 * secret, keys minted with `X-SECRET`, and the `thirdparty` credential that signs the site's user
 * in — the same account every time, made on first use with `create_by: "thirdparty"`.
 */
import type { LoginResponse } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { patchLoginConfig } from './support/login-config.js';
import { createAdmin, createUser, startTestServer, useTestServer, type TestUser } from './support/server.js';

let now = Date.now();
const t = useTestServer({ now: () => now });
let admin: TestUser;
let member: TestUser;
let secret: string;

beforeAll(async () => {
  admin = await createAdmin(t);
  member = await createUser(t, 'member');
  await patchLoginConfig(t, admin, { third_party: true });
  secret = (await t.request('GET', '/admin/system/third_party_secret', { token: admin.token })).text;
});

let n = 0;
/** `null`: no `X-SECRET` header at all. */
const mint = (body: unknown, secretHeader: string | null = secret) =>
  t.request('POST', '/token/create_third_party_key', {
    json: body,
    headers: secretHeader === null ? {} : { 'x-secret': secretHeader },
  });
const login = (key: unknown) =>
  t.request('POST', '/token/login', {
    json: { credential: { type: 'thirdparty', key }, device: `web:tp${++n}`, device_token: '' },
  });
async function keyFor(userid: string, username: string): Promise<string> {
  const res = await mint({ userid, username });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json as string;
}
const userCount = async () => (await t.server.ctx.store.users.list()).length;

describe('the secret', () => {
  it('is text, the same on every read, for administrators only', async () => {
    const res = await t.request('GET', '/admin/system/third_party_secret', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toBe(secret);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    for (const method of ['GET', 'POST']) {
      expect((await t.request(method, '/admin/system/third_party_secret')).status).toBe(401);
      const asMember = await t.request(method, '/admin/system/third_party_secret', { token: member.token });
      expect(asMember.status).toBe(403);
      expect(asMember.text).not.toContain(secret);
    }
    const after = await t.request('GET', '/admin/system/third_party_secret', { token: admin.token });
    expect(after.text).toBe(secret);
  });

  it('POST replaces it: the old one mints nothing any more', async () => {
    const res = await t.request('POST', '/admin/system/third_party_secret', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).not.toBe(secret);
    const old = secret;
    secret = res.text;
    expect((await t.request('GET', '/admin/system/third_party_secret', { token: admin.token })).text).toBe(
      secret,
    );
    expect((await mint({ userid: 'u-old', username: 'Old' }, old)).status).toBe(401);
    expect((await mint({ userid: 'u-new', username: 'New' })).status).toBe(200);
  });
});

describe('minting a key', () => {
  it('needs the secret: missing, empty or wrong is 401', async () => {
    for (const header of [null, '', 'wrong', `${secret}x`, secret.toUpperCase()]) {
      const res = await mint({ userid: 'u1', username: 'Ann' }, header);
      expect(res.status, String(header)).toBe(401);
    }
  });

  it('refuses bad bodies with 400', async () => {
    for (const body of [
      {},
      { userid: 'u1' },
      { username: 'Ann' },
      { userid: '', username: 'Ann' },
      { userid: 1, username: 'Ann' },
      'x',
    ]) {
      const res = await mint(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('is 403 while third-party sign-in is off, and so is signing in', async () => {
    const key = await keyFor('u-off', 'Off');
    await patchLoginConfig(t, admin, { third_party: false });
    try {
      expect((await mint({ userid: 'u-off', username: 'Off' })).status).toBe(403);
      expect((await login(key)).status).toBe(403);
    } finally {
      await patchLoginConfig(t, admin, { third_party: true });
    }
    // Refused while off, the key was not spent.
    expect((await login(key)).status).toBe(200);
  });
});

describe('signing in with a key', () => {
  it('creates the account on first use, then signs the same account in', async () => {
    const before = await userCount();
    const first = await login(await keyFor('site-42', 'Grace Hopper'));
    expect(first.status, first.text).toBe(200);
    const user = (first.json as LoginResponse).user;
    expect(user).toMatchObject({
      email: null,
      create_by: 'thirdparty',
      is_admin: false,
      name: 'Grace Hopper',
    });
    expect(await userCount()).toBe(before + 1);
    const me = await t.request('GET', '/user', { token: (first.json as LoginResponse).token });
    expect(me.status).toBe(200);

    // The site's username is only used for a new account; the userid is what links.
    const again = await login(await keyFor('site-42', 'Someone Else'));
    expect(again.status).toBe(200);
    expect((again.json as LoginResponse).user.uid).toBe(user.uid);
    expect(await userCount()).toBe(before + 1);
  });

  it('gives a taken name a number', async () => {
    const res = await login(await keyFor('site-member', 'member'));
    expect(res.status).toBe(200);
    expect((res.json as LoginResponse).user.name).toMatch(/^member\d+$/);
  });

  it('a key is single use: the second sign-in is 401 and makes nothing', async () => {
    const key = await keyFor('site-once', 'Once');
    expect((await login(key)).status).toBe(200);
    const before = await userCount();
    expect((await login(key)).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('an expired key is 401', async () => {
    const key = await keyFor('site-late', 'Late');
    now += 121_000;
    try {
      const before = await userCount();
      expect((await login(key)).status).toBe(401);
      expect(await userCount()).toBe(before);
    } finally {
      now -= 121_000;
    }
    // Just inside its lifetime it works.
    const fresh = await keyFor('site-late', 'Late');
    now += 110_000;
    try {
      expect((await login(fresh)).status).toBe(200);
    } finally {
      now -= 110_000;
    }
  });

  it('an unknown or malformed key is 401 or 400, and makes nothing', async () => {
    const before = await userCount();
    expect((await login('not-a-key')).status).toBe(401);
    expect((await login('')).status).toBe(400);
    expect((await login(42)).status).toBe(400);
    expect((await login('x'.repeat(257))).status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('works under invitation-only sign-up (the site vouches for its users)', async () => {
    await patchLoginConfig(t, admin, { who_can_sign_up: 'InvitationOnly' });
    try {
      const res = await login(await keyFor('site-invite-only', 'Invited'));
      expect(res.status, res.text).toBe(200);
    } finally {
      await patchLoginConfig(t, admin, { who_can_sign_up: 'EveryOne' });
    }
  });

  it('a frozen account is 423', async () => {
    const res = await login(await keyFor('site-frozen', 'Frozen'));
    const uid = (res.json as LoginResponse).user.uid;
    const freeze = await t.request('PUT', `/admin/user/${uid}`, {
      token: admin.token,
      json: { status: 'frozen' },
    });
    expect(freeze.status, freeze.text).toBe(200);
    expect((await login(await keyFor('site-frozen', 'Frozen'))).status).toBe(423);
  });

  it('the secret regeneration is in the audit log, without the secret', async () => {
    const res = await t.request('GET', '/admin/audit?action=settings.signin', { token: admin.token });
    expect(res.status).toBe(200);
    const entry = (res.json as { entries: { target: string; detail: string }[] }).entries.find(
      (e) => e.target === 'settings:third_party_secret',
    );
    expect(entry?.detail).toBe('regenerated');
    expect(res.text).not.toContain(secret);
  });
});

describe('rate limits', () => {
  it('wrong secrets and sign-ins count against the address like other sign-ins', async () => {
    const limited = await startTestServer({ env: { LOOKUP_LIMIT: '3/1h' } });
    try {
      const boss = await createAdmin(limited);
      await patchLoginConfig(limited, boss, { third_party: true });
      const good = (await limited.request('GET', '/admin/system/third_party_secret', { token: boss.token }))
        .text;
      const mintWith = (s: string) =>
        limited.request('POST', '/token/create_third_party_key', {
          json: { userid: 'x', username: 'X' },
          headers: { 'x-secret': s },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await mintWith('wrong')).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      // The right secret is not slowed down by others' guesses.
      expect((await mintWith(good)).status).toBe(200);
      const key = (await mintWith(good)).json as string;
      const res = await limited.request('POST', '/token/login', {
        json: { credential: { type: 'thirdparty', key } },
      });
      expect(res.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
