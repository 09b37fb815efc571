/**
 * Licenses (API.md §11.3, docs/api.md "License"): the built-in default has no user limit; a
 * license signed with the configured key (here a test key pair, issued with the command-line tool)
 * is checked and installed by an administrator; past its user limit every sign-up path answers 451
 * and nothing is created; renewal installs the license the license service hands out.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, useTestServer, type TestUser } from './support/server.js';

const TOOL = fileURLToPath(new URL('../../../scripts/issue-license.mjs', import.meta.url));
const rawKeys = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    pub: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64'),
    priv: privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(16).toString('base64'),
  };
};
const keys = rawKeys();
const otherKeys = rawKeys();

/** A license from the command-line tool. */
function issue(args: string[], privateKey = keys.priv): string {
  return execFileSync(process.execPath, [TOOL, 'issue', ...args], {
    env: { ...process.env, LICENSE_PRIVATE_KEY: privateKey },
    encoding: 'utf8',
  }).trim();
}

// The license service stand-in: session "paid" hands out `renewed`, any other is unknown.
let renewed = '';
const service = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/license' && url.searchParams.get('session_id') === 'paid') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ license: renewed }));
  } else res.writeHead(404).end();
});
await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

const t = useTestServer({ env: { LICENSE_PUBLIC_KEY: keys.pub, LICENSE_SERVICE_URL: serviceUrl } });
let admin: TestUser;
let alice: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
});

const check = (user: TestUser, license: string) =>
  t.request('POST', '/license/check', { token: user.token, json: { license } });
const put = (user: TestUser, license: string) =>
  t.request('PUT', '/license', { token: user.token, json: { license } });
const userCount = async () =>
  ((await t.request('GET', '/admin/user', { token: admin.token })).json as unknown[]).length;

describe('licenses', () => {
  it('answers the built-in default while none is installed: every domain, no user limit', async () => {
    const res = await t.request('GET', '/license');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ domains: ['*'], user_limit: 999_999, sign: true, base58: '' });
  });

  it('checks a license without installing it; refuses a bad, foreign or expired one with 400', async () => {
    const license = issue(['--domains', 'chat.example.com,example.org', '--users', '50', '--days', '30']);
    const res = await check(admin, license);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      domains: ['chat.example.com', 'example.org'],
      user_limit: 50,
      created_at: expect.any(String),
      expired_at: expect.any(String),
      sign: true,
      base58: license,
    });
    expect(Date.parse(res.json.expired_at) - Date.parse(res.json.created_at)).toBe(30 * 86_400_000);
    expect((await t.request('GET', '/license')).json.base58).toBe('');

    for (const bad of ['not-a-license-0OIl', 'abc', issue(['--users', '50'], otherKeys.priv)]) {
      const refused = await check(admin, bad);
      expect(refused.status).toBe(400);
      expect(refused.text).toMatch(/^invalid license/);
    }
    // One character changed: the signature no longer matches.
    const tampered = license.slice(0, 10) + (license[10] === 'a' ? 'b' : 'a') + license.slice(11);
    expect((await check(admin, tampered)).status).toBe(400);
    expect((await check(admin, issue(['--users', '5', '--until', '2020-01-01T00:00:00Z']))).status).toBe(400);
    expect((await check(alice, license)).status).toBe(403);
    expect((await put(alice, license)).status).toBe(403);
  });

  it('installs a license; past its user limit new accounts get 451 and nothing is created', async () => {
    const count = await userCount();
    const license = issue(['--users', String(count + 1), '--days', '10']);
    const res = await put(admin, license);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toBe(true);
    expect((await t.request('GET', '/license')).json).toMatchObject({
      user_limit: count + 1,
      base58: license,
    });
    const audit = await t.request('GET', '/admin/audit?action=settings.license', { token: admin.token });
    expect(audit.json.entries[0]).toMatchObject({ action: 'settings.license', actor_uid: admin.uid });

    await createUser(t, 'bob'); // the last seat
    const register = await t.request('POST', '/user/register', {
      json: { email: 'carol@example.com', password: 'another good password', name: 'carol', gender: 0 },
    });
    expect(register.status).toBe(451);
    expect(register.text).toBe('Your license has reached the limit');
    const byAdmin = await t.request('POST', '/admin/user', {
      token: admin.token,
      json: {
        email: 'dave@example.com',
        password: 'another good password',
        name: 'dave',
        gender: 0,
        is_admin: false,
      },
    });
    expect(byAdmin.status).toBe(451);
    expect(await userCount()).toBe(count + 1);
  });

  it('renews through the license service: an unknown payment session is 400, a paid one installs', async () => {
    const renewal = await t.request('GET', '/license/renewal?domain=chat.example.com', {
      token: admin.token,
    });
    expect(renewal.json).toEqual({
      enabled: true,
      payment_url: `${serviceUrl}/pay?domain=chat.example.com`,
    });
    const unknown = await t.request('POST', '/license/renew', {
      token: admin.token,
      json: { session_id: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toBe('invalid payment session ID');

    renewed = issue(['--users', '500', '--days', '365']);
    const res = await t.request('POST', '/license/renew', {
      token: admin.token,
      json: { session_id: 'paid' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ user_limit: 500, base58: renewed });
    expect((await t.request('GET', '/license')).json.user_limit).toBe(500);
    await createUser(t, 'erin'); // seats again
  });
});
