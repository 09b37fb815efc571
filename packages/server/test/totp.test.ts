/**
 * Two-factor sign-in (issue 12; docs/api.md, "Two-factor sign-in"): enrolment with a first code
 * and recovery codes shown once, the 401 `totp_required` step after a password or a mail link
 * (and the unchanged answer for accounts without it), replayed and wrong codes, recovery codes
 * used up, the login limit, the administrator's reset and the "required" switch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../src/auth/totp.js';
import { linkOf, startAdminMailbox, type Mailbox } from './support/mailbox.js';
import { loginConfig } from './support/login-config.js';
import { createUser, login, type TestUser, useTestServer } from './support/server.js';

let now = Date.UTC(2026, 0, 1, 12, 0, 0);
const t = useTestServer({ now: () => now });
let admin: TestUser;
let box: Mailbox;
beforeAll(async () => {
  ({ admin, box } = await startAdminMailbox(t));
});
afterAll(async () => {
  await box.close();
});

let n = 0;
const passwordLogin = (user: TestUser, headers: Record<string, string> = {}) =>
  t.request('POST', '/token/login', {
    json: {
      credential: { type: 'password', email: user.email, password: user.password },
      device: `web:${++n}`,
      device_token: '',
    },
    headers,
  });
const second = (mfa_token: string, code: string, headers: Record<string, string> = {}) =>
  t.request('POST', '/token/login/totp', { json: { mfa_token, code }, headers });
const status = async (user: TestUser) => (await t.request('GET', '/user/totp', { token: user.token })).json;

/** Enrols `user` and answers the secret and the recovery codes. */
async function enrol(user: TestUser): Promise<{ secret: string; codes: string[] }> {
  const setup = await t.request('POST', '/user/totp/setup', { token: user.token });
  expect(setup.status, setup.text).toBe(200);
  const { secret } = setup.json as { secret: string };
  const res = await t.request('POST', '/user/totp/enable', {
    token: user.token,
    json: { code: totpAt(secret, now) },
  });
  expect(res.status, res.text).toBe(200);
  now += 30_000; // the enrolment took this step
  return { secret, codes: (res.json as { recovery_codes: string[] }).recovery_codes };
}

/** The first step: 401 with the challenge. */
async function challenge(user: TestUser): Promise<string> {
  const res = await passwordLogin(user);
  expect(res.status).toBe(401);
  expect(res.json).toEqual({ reason: 'totp_required', mfa_token: expect.any(String), expires_in: 300 });
  return res.json.mfa_token as string;
}

describe('enrolment', () => {
  it('shows a secret and an otpauth URL, confirms with a first code, gives ten recovery codes once', async () => {
    const user = await createUser(t, 'enroller');
    expect(await status(user)).toEqual({
      enabled: false,
      pending: false,
      required: false,
      recovery_codes_left: 0,
    });
    const setup = await t.request('POST', '/user/totp/setup', { token: user.token });
    expect(setup.status).toBe(200);
    const { secret, otpauth_url } = setup.json as { secret: string; otpauth_url: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    expect((await status(user)).pending).toBe(true);
    // Until confirmed, sign-in is unchanged.
    expect((await passwordLogin(user)).status).toBe(200);
    const wrong = await t.request('POST', '/user/totp/enable', {
      token: user.token,
      json: { code: '000000' },
    });
    expect(wrong.status).toBe(403);
    expect((await status(user)).enabled).toBe(false);
    const ok = await t.request('POST', '/user/totp/enable', {
      token: user.token,
      json: { code: totpAt(secret, now) },
    });
    expect(ok.status).toBe(200);
    const codes = ok.json.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await status(user)).toEqual({
      enabled: true,
      pending: false,
      required: false,
      recovery_codes_left: 10,
    });
    // Once on: no new secret, no second confirmation.
    expect((await t.request('POST', '/user/totp/setup', { token: user.token })).status).toBe(409);
    const again = await t.request('POST', '/user/totp/enable', {
      token: user.token,
      json: { code: totpAt(secret, now) },
    });
    expect(again.status).toBe(409);
    // The recovery codes are kept only as hashes.
    const rows = await t.server.ctx.store.totp.get(user.uid);
    expect(rows?.enabled_at).not.toBeNull();
    expect(JSON.stringify(rows)).not.toContain(codes[0]!);
  });

  it('refuses guests, and bad input is a 4xx that changes nothing', async () => {
    await t.request('POST', '/admin/login/config', {
      token: admin.token,
      json: loginConfig({ guest: true }),
    });
    const guest = await t.request('GET', '/token/login_guest');
    expect(guest.status).toBe(200);
    expect((await t.request('POST', '/user/totp/setup', { token: guest.json.token })).status).toBe(403);
    const user = await createUser(t, 'badinput');
    expect(
      (await t.request('POST', '/user/totp/enable', { token: user.token, json: { code: 123 } })).status,
    ).toBe(400);
    expect((await t.request('POST', '/user/totp/enable', { token: user.token, json: {} })).status).toBe(400);
    expect(
      (await t.request('POST', '/user/totp/enable', { token: user.token, json: { code: '123456' } })).status,
    ).toBe(409);
    expect(
      (await t.request('POST', '/user/totp/disable', { token: user.token, json: { code: '123456' } })).status,
    ).toBe(409);
    expect((await t.request('POST', '/token/login/totp', { json: { mfa_token: 'x' } })).status).toBe(400);
    expect(await status(user)).toEqual({
      enabled: false,
      pending: false,
      required: false,
      recovery_codes_left: 0,
    });
  });
});

describe('signing in with a second factor', () => {
  it('an account without it gets the unchanged LoginResponse', async () => {
    const user = await createUser(t, 'plain');
    const res = await passwordLogin(user);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json as object).sort()).toEqual(
      ['expired_in', 'initialized', 'refresh_token', 'server_id', 'token', 'user'].sort(),
    );
  });

  it('a password is not enough: 401 totp_required, no session, then the code signs in once', async () => {
    const user = await createUser(t, 'twofa');
    const { secret } = await enrol(user);
    const devicesBefore = (await t.request('GET', '/user/devices', { token: user.token })).json as string[];
    const token = await challenge(user);
    expect((await t.request('GET', '/user/devices', { token: user.token })).json).toEqual(devicesBefore);
    const code = totpAt(secret, now);
    const ok = await second(token, code);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.user.uid).toBe(user.uid);
    expect((await t.request('GET', '/user/me', { token: ok.json.token })).status).toBe(200);
    // The same code again (the same time step), even with a fresh challenge: refused.
    expect((await second(await challenge(user), code)).status).toBe(401);
    // An older step after a newer one: refused. The next step: accepted.
    expect((await second(token, totpAt(secret, now - 30_000))).status).toBe(401);
    now += 30_000;
    expect((await second(token, totpAt(secret, now))).status).toBe(200);
  });

  it('of two sign-ins racing with the same code, exactly one gets in', async () => {
    const user = await createUser(t, 'racer');
    const { secret } = await enrol(user);
    const [a, b] = await Promise.all([challenge(user), challenge(user)]);
    const code = totpAt(secret, now);
    const answers = await Promise.all([second(a, code), second(b, code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('refuses a wrong code, a forged or expired challenge', async () => {
    const user = await createUser(t, 'wrongcode');
    const { secret } = await enrol(user);
    const token = await challenge(user);
    expect((await second(token, '000000')).status).toBe(401);
    expect((await second(token, 'zzzzz-zzzzz')).status).toBe(401);
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), uid: admin.uid }),
    ).toString('base64url');
    expect((await second(`${forged}.${mac}`, totpAt(secret, now))).status).toBe(401);
    expect((await second('not-a-token', totpAt(secret, now))).status).toBe(401);
    now += 5 * 60_000 + 1;
    expect((await second(token, totpAt(secret, now))).status).toBe(401);
  });

  it('a recovery code signs in once, then it is used up', async () => {
    const user = await createUser(t, 'recovery');
    const { codes } = await enrol(user);
    const ok = await second(await challenge(user), codes[3]!.toUpperCase());
    expect(ok.status).toBe(200);
    expect((await second(await challenge(user), codes[3]!)).status).toBe(401);
    expect((await status(user)).recovery_codes_left).toBe(9);
  });

  it('a mail link is not enough either', async () => {
    const user = await createUser(t, 'linked');
    const { secret } = await enrol(user);
    const since = box.mails.length;
    await t.request('POST', `/user/send_login_magic_link?email=${encodeURIComponent(user.email)}`);
    const magic_token = linkOf(await box.next(user.email, since)).searchParams.get('magic_token')!;
    const res = await t.request('POST', '/token/login', {
      json: { credential: { type: 'magiclink', magic_token, extra_name: '' }, device: 'web:link' },
    });
    expect(res.status).toBe(401);
    expect(res.json.reason).toBe('totp_required');
    const ok = await second(res.json.mfa_token as string, totpAt(secret, now));
    expect(ok.status).toBe(200);
  });

  it('wrong codes count against the login limit: 429, then even the right code is refused', async () => {
    const user = await createUser(t, 'guesser');
    const { secret } = await enrol(user);
    const token = await challenge(user);
    const from = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 10; i++) expect((await second(token, '000000', from)).status).toBe(401);
    const limited = await second(token, totpAt(secret, now), from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The account is limited from any address, password included.
    expect((await passwordLogin(user, { 'x-forwarded-for': '203.0.113.78' })).status).toBe(429);
    now += 5 * 60_000 + 1_000;
  });
});

describe('turning it off', () => {
  // The clock moved past the access token's five minutes.
  beforeAll(async () => {
    admin = await login(t, admin.email, admin.password);
  });

  it('the user turns it off with a code; a wrong code changes nothing', async () => {
    const user = await createUser(t, 'disabler');
    const { secret } = await enrol(user);
    const wrong = await t.request('POST', '/user/totp/disable', {
      token: user.token,
      json: { code: '000000' },
    });
    expect(wrong.status).toBe(403);
    expect((await status(user)).enabled).toBe(true);
    const ok = await t.request('POST', '/user/totp/disable', {
      token: user.token,
      json: { code: totpAt(secret, now) },
    });
    expect(ok.status).toBe(200);
    expect((await passwordLogin(user)).status).toBe(200);
  });

  it('an administrator resets a member’s second factor; members cannot', async () => {
    const user = await createUser(t, 'lostphone');
    const other = await createUser(t, 'bystander');
    await enrol(user);
    expect((await t.request('DELETE', `/admin/user/${user.uid}/totp`, { token: other.token })).status).toBe(
      403,
    );
    expect((await t.request('GET', `/admin/user/${user.uid}/totp`, { token: other.token })).status).toBe(403);
    const before = await t.request('GET', `/admin/user/${user.uid}/totp`, { token: admin.token });
    expect(before.json.enabled).toBe(true);
    expect((await t.request('DELETE', `/admin/user/${user.uid}/totp`, { token: admin.token })).status).toBe(
      200,
    );
    expect(
      (await t.request('GET', `/admin/user/${user.uid}/totp`, { token: admin.token })).json.enabled,
    ).toBe(false);
    expect((await passwordLogin(user)).status).toBe(200);
    expect((await t.request('DELETE', '/admin/user/999999/totp', { token: admin.token })).status).toBe(404);
  });

  it('an administrator requires it of everyone; the status says so', async () => {
    const user = await createUser(t, 'required');
    expect(
      (await t.request('POST', '/admin/totp/config', { token: user.token, json: { required: true } })).status,
    ).toBe(403);
    expect(
      (await t.request('POST', '/admin/totp/config', { token: admin.token, json: { required: true } }))
        .status,
    ).toBe(200);
    expect((await t.request('GET', '/admin/totp/config', { token: admin.token })).json).toEqual({
      required: true,
    });
    expect(await status(user)).toMatchObject({ enabled: false, required: true });
    expect(
      (await t.request('POST', '/admin/totp/config', { token: admin.token, json: { required: 'yes' } }))
        .status,
    ).toBe(400);
    await t.request('POST', '/admin/totp/config', { token: admin.token, json: { required: false } });
  });
});
