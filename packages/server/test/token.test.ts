import { Agent, request } from 'node:http';
import { LIMITS } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, login, type TestUser, useTestServer } from './support/server.js';

/** One server for the file, on a clock the tests move forward (never back). */
let now = Date.now();
const t = useTestServer({ now: () => now });
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
});

const advance = (seconds: number) => {
  now += seconds * 1000;
};
const me = (token: string) => t.request('GET', '/user/me', { token });
const renew = (token: unknown, refreshToken: unknown) =>
  t.request('POST', '/token/renew', { json: { token, refresh_token: refreshToken } });
const loginAs = (email: string, password: string, device = 'web:abc') =>
  t.request('POST', '/token/login', {
    json: { credential: { type: 'password', email, password }, device, device_token: '' },
  });

describe('POST /token/login', () => {
  it('signs in with a password and returns the session and the user', async () => {
    const res = await loginAs(admin.email, admin.password, 'web:login-shape');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      server_id: admin.login.server_id,
      token: expect.any(String),
      refresh_token: expect.any(String),
      expired_in: LIMITS.accessTokenSeconds,
      user: {
        uid: admin.uid,
        email: admin.email,
        name: admin.name,
        gender: 0,
        language: 'en-US',
        is_admin: true,
        is_bot: false,
        avatar_updated_at: 0,
        create_by: 'password',
      },
      initialized: true,
    });
    expect((await me(res.json.token)).json).toMatchObject({ uid: admin.uid });
  });

  it('matches the email case-insensitively and ignores surrounding spaces', async () => {
    expect((await loginAs(`  ${admin.email.toUpperCase()} `, admin.password)).status).toBe(200);
  });

  it('answers 401 for a wrong password and 404 for an unknown user', async () => {
    const wrong = await loginAs(admin.email, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain(admin.password);
    expect((await loginAs(admin.email, '')).status).toBe(401);
    expect((await loginAs('nobody@example.com', admin.password)).status).toBe(404);
  });

  it.each([
    ['an empty object', {}],
    ['no credential', { device: 'web:x' }],
    ['an unsupported credential type', { credential: { type: 'metamask', public_address: 'x' } }],
    ['a numeric email', { credential: { type: 'password', email: 42, password: 'x' } }],
    ['a missing password', { credential: { type: 'password', email: 'a@example.com' } }],
    [
      'a device that is not a string',
      { credential: { type: 'password', email: 'a@example.com', password: 'x' }, device: 7 },
    ],
    ['an array', [1, 2]],
  ])('answers 400 to %s', async (_what, body) => {
    expect((await t.request('POST', '/token/login', { json: body })).status).toBe(400);
  });

  it('answers 400 to malformed JSON and 415 to a body that is not JSON', async () => {
    const malformed = await t.request('POST', '/token/login', {
      body: '{"credential":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const form = await t.request('POST', '/token/login', {
      body: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('answers 403 while password sign-in is disabled, even for the right password', async () => {
    const config = (await t.request('GET', '/admin/login/config')).json as Record<string, unknown>;
    expect(
      (
        await t.request('POST', '/admin/login/config', {
          token: admin.token,
          json: { ...config, password: false },
        })
      ).status,
    ).toBe(200);
    try {
      expect((await loginAs(admin.email, admin.password)).status).toBe(403);
    } finally {
      await t.request('POST', '/admin/login/config', { token: admin.token, json: config });
    }
    expect((await loginAs(admin.email, admin.password)).status).toBe(200);
  });
});

describe('POST /token/renew', () => {
  it('rotates both tokens, and the new pair works', async () => {
    const user = await createUser(t, 'rotator');
    const res = await renew(user.token, user.refreshToken);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      token: expect.any(String),
      refresh_token: expect.any(String),
      expired_in: LIMITS.accessTokenSeconds,
    });
    expect(res.json.token).not.toBe(user.token);
    expect(res.json.refresh_token).not.toBe(user.refreshToken);
    expect((await me(res.json.token)).json).toMatchObject({ uid: user.uid });
    advance(LIMITS.refreshGraceSeconds + 1);
    const next = await renew(res.json.token, res.json.refresh_token);
    expect(next.status).toBe(200);
    expect((await me(next.json.token)).status).toBe(200);
  });

  it('accepts an expired access token with a current refresh token', async () => {
    const user = await createUser(t, 'sleeper');
    advance(LIMITS.accessTokenSeconds + 60);
    expect((await me(user.token)).status).toBe(401);
    const res = await renew(user.token, user.refreshToken);
    expect(res.status).toBe(200);
    expect((await me(res.json.token)).status).toBe(200);
  });

  it('answers 401 for every kind of failure', async () => {
    const a = await createUser(t, 'renewa');
    const b = await createUser(t, 'renewb');
    const aOther = await login(t, a.email, a.password, 'web:a-second-device');
    const forged = `${a.token.slice(0, -4)}AAAA`;
    const cases: [string, unknown][] = [
      ['empty strings', { token: '', refresh_token: '' }],
      ['an empty token', { token: '', refresh_token: a.refreshToken }],
      ['an empty refresh token', { token: a.token, refresh_token: '' }],
      ['garbage', { token: 'garbage', refresh_token: 'garbage' }],
      ['a forged access token', { token: forged, refresh_token: a.refreshToken }],
      ['the refresh token as the access token', { token: a.refreshToken, refresh_token: a.refreshToken }],
      ['the access token as the refresh token', { token: a.token, refresh_token: a.token }],
      ["another user's refresh token", { token: a.token, refresh_token: b.refreshToken }],
      ["another device's refresh token", { token: a.token, refresh_token: aOther.refreshToken }],
      ['numbers', { token: 1, refresh_token: 2 }],
      ['nulls', { token: null, refresh_token: null }],
      ['nothing', {}],
      ['an array', [a.token, a.refreshToken]],
      ['a string', 'token'],
    ];
    for (const [what, body] of cases) {
      const res = await t.request('POST', '/token/renew', { json: body });
      expect(res.status, what).toBe(401);
    }
    const raw: [string, string | Buffer | undefined, Record<string, string>][] = [
      ['malformed JSON', '{"token":', { 'content-type': 'application/json' }],
      ['an empty JSON body', '', { 'content-type': 'application/json' }],
      ['no body', undefined, {}],
      ['a text body', 'token', { 'content-type': 'text/plain' }],
      ['bytes without a type', Buffer.from('{}'), {}],
      ['an unknown type', '<renew/>', { 'content-type': 'application/xml' }],
    ];
    for (const [what, body, headers] of raw) {
      const res = await t.request('POST', '/token/renew', { body, headers });
      expect(res.status, what).toBe(401);
    }
    // None of the failures spent or revoked the genuine pairs.
    expect((await renew(a.token, a.refreshToken)).status).toBe(200);
    expect((await renew(b.token, b.refreshToken)).status).toBe(200);
  });

  it('answers 401 once the refresh token itself has expired', async () => {
    const user = await createUser(t, 'longsleeper');
    advance(LIMITS.refreshTokenSeconds + 1);
    expect((await renew(user.token, user.refreshToken)).status).toBe(401);
  });

  it('returns the same pair when the same refresh token is renewed twice within the grace window', async () => {
    const user = await createUser(t, 'twice');
    const first = await renew(user.token, user.refreshToken);
    advance(LIMITS.refreshGraceSeconds - 1);
    const second = await renew(user.token, user.refreshToken);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect((await me(first.json.token)).status).toBe(200);
  });

  it('returns one pair to concurrent renewals of the same refresh token', async () => {
    const user = await createUser(t, 'racer');
    const results = await Promise.all([1, 2, 3].map(() => renew(user.token, user.refreshToken)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json.refresh_token)).size).toBe(1);
    expect(new Set(results.map((r) => r.json.token)).size).toBe(1);
  });

  it('treats reuse after the grace window as theft: 401, and the whole device session is revoked', async () => {
    const user = await createUser(t, 'victim');
    const other = await login(t, user.email, user.password, 'web:victim-laptop');
    const successor = await renew(user.token, user.refreshToken);
    expect(successor.status).toBe(200);
    advance(LIMITS.refreshGraceSeconds + 1);

    expect((await renew(user.token, user.refreshToken)).status).toBe(401);
    expect((await me(successor.json.token)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
    expect((await renew(successor.json.token, successor.json.refresh_token)).status).toBe(401);
    // Only that device: the user's other session goes on.
    expect((await me(other.token)).status).toBe(200);
    expect((await renew(other.token, other.refreshToken)).status).toBe(200);
  });

  it('keeps the previous access token valid until its own expiry', async () => {
    const user = await createUser(t, 'overlap');
    advance(200);
    const renewed = await renew(user.token, user.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await me(user.token)).status).toBe(200);
    advance(LIMITS.accessTokenSeconds - 200 + 1);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(renewed.json.token)).status).toBe(200);
  });
});

describe('sessions per device', () => {
  it('logout makes that device’s access and refresh tokens 401 everywhere, and leaves other devices alone', async () => {
    const user = await createUser(t, 'leaver');
    const other = await login(t, user.email, user.password, 'web:leaver-phone');
    const renewed = await renew(user.token, user.refreshToken);

    const out = await t.request('GET', '/token/logout', { token: renewed.json.token });
    expect(out.status).toBe(200);
    expect(out.text).toBe('');

    for (const token of [user.token, renewed.json.token]) {
      expect((await me(token)).status).toBe(401);
      expect((await t.request('GET', '/user', { token })).status).toBe(401);
      expect((await t.request('GET', '/token/logout', { token })).status).toBe(401);
    }
    expect((await renew(renewed.json.token, renewed.json.refresh_token)).status).toBe(401);
    expect((await renew(user.token, user.refreshToken)).status).toBe(401);
    expect((await me(other.token)).status).toBe(200);
    expect((await renew(other.token, other.refreshToken)).status).toBe(200);
  });

  it('answers 401 to logout without a token', async () => {
    expect((await t.request('GET', '/token/logout')).status).toBe(401);
    expect((await t.request('GET', '/token/logout', { token: 'nonsense' })).status).toBe(401);
  });

  it('revokes the earlier session when the same device signs in again', async () => {
    const user = await createUser(t, 'relogger');
    const first = await login(t, user.email, user.password, 'web:shared');
    const second = await login(t, user.email, user.password, 'web:shared');
    expect((await me(first.token)).status).toBe(401);
    expect((await renew(first.token, first.refreshToken)).status).toBe(401);
    expect((await me(second.token)).status).toBe(200);
    expect((await renew(second.token, second.refreshToken)).status).toBe(200);
    // The registration device is another device and keeps its session.
    expect((await me(user.token)).status).toBe(200);
  });
});

/** The same bytes spelt differently: the unused low bits of the last character set, or padded. */
function nonCanonical(token: string): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(token.slice(-1));
  // A 32-byte signature is 43 characters (258 bits): the last one's 2 low bits are unused.
  const lowBits = alphabet[last ^ 0b01]!;
  return [`${token.slice(0, -1)}${lowBits}`, `${token}=`];
}

describe('canonical base64url only', () => {
  it('refuses an access token, a refresh token or an invite token in any other spelling', async () => {
    const user = await createUser(t, 'canonical');
    for (const token of nonCanonical(user.token)) {
      expect(token).not.toBe(user.token);
      expect((await me(token)).status, token.slice(-3)).toBe(401);
      expect((await renew(token, user.refreshToken)).status).toBe(401);
      expect((await t.request('GET', '/token/logout', { token })).status).toBe(401);
    }
    for (const refresh of [`${user.refreshToken}=`, `${user.refreshToken}==`]) {
      expect((await renew(user.token, refresh)).status).toBe(401);
    }
    const inviter = await login(t, admin.email, admin.password, 'web:canonical');
    const link = await t.request('GET', '/group/create_reg_magic_link', { token: inviter.token });
    const magic = new URL(link.text).searchParams.get('magic_token')!;
    const check = (m: string) => t.request('POST', '/user/check_magic_token', { json: { magic_token: m } });
    expect((await check(magic)).json).toBe(true);
    expect((await check(`${magic}=`)).json).toBe(false);
    // The genuine pair still works: none of the above spent or revoked it.
    expect((await me(user.token)).status).toBe(200);
    expect((await renew(user.token, user.refreshToken)).status).toBe(200);
  });
});

describe('/token/renew errors', () => {
  it('answers an oversize body on the one shared error path: 401, connection kept open', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = request(
          `${t.url}/api/token/renew`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const big = await send(JSON.stringify({ token: 'x'.repeat(LIMITS.jsonBodyMaxBytes + 10) }));
    expect(big.status).toBe(401);
    expect(big.connection).not.toBe('close');
    agent.destroy();
  });
});
