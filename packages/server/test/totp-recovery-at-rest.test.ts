/**
 * Two-factor sign-in, issue 12's remaining items: new recovery codes without turning it off
 * (confirmed with an authenticator code; every old code ends at once), and TOTP secrets encrypted
 * at rest with a key outside the database (`auth/secret-box.ts`, docs/deploy.md "Secret key"):
 * the row never holds the secret, rows from before are sealed, and sign-in still works — through
 * every node in the cluster project.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSecretKey, SECRET_KEY_FILE, SecretBox } from '../src/auth/secret-box.js';
import { ConfigError, loadConfig } from '../src/config/index.js';
import { base32Encode, totpAt } from '../src/auth/totp.js';
import { sealStoredSecrets } from '../src/services/two-factor/secret.js';
import { startAdminMailbox, type Mailbox } from './support/mailbox.js';
import { createUser, type TestUser, useTestServer } from './support/server.js';

let now = Date.UTC(2026, 0, 1, 12, 0, 0);
const t = useTestServer({ now: () => now });
let box: Mailbox;
beforeAll(async () => {
  ({ box } = await startAdminMailbox(t));
});
afterAll(async () => {
  await box.close();
});

let n = 0;
const passwordLogin = (user: TestUser) =>
  t.request('POST', '/token/login', {
    json: {
      credential: { type: 'password', email: user.email, password: user.password },
      device: `web:${++n}`,
      device_token: '',
    },
  });
const second = (mfa_token: string, code: string) =>
  t.request('POST', '/token/login/totp', { json: { mfa_token, code } });
const regenerate = (user: TestUser, code: string) =>
  t.request('POST', '/user/totp/recovery_codes', { token: user.token, json: { code } });
const status = async (user: TestUser) => (await t.request('GET', '/user/totp', { token: user.token })).json;

async function enrol(user: TestUser): Promise<{ secret: string; codes: string[] }> {
  const setup = await t.request('POST', '/user/totp/setup', { token: user.token });
  expect(setup.status, setup.text).toBe(200);
  const { secret } = setup.json as { secret: string };
  const res = await t.request('POST', '/user/totp/enable', {
    token: user.token,
    json: { code: totpAt(secret, now) },
  });
  expect(res.status, res.text).toBe(200);
  now += 30_000;
  return { secret, codes: (res.json as { recovery_codes: string[] }).recovery_codes };
}

/** A password sign-in completed with `code`: the status of the second step. */
async function signInWith(user: TestUser, code: string): Promise<number> {
  const first = await passwordLogin(user);
  expect(first.status).toBe(401);
  return (await second(first.json.mfa_token as string, code)).status;
}

describe('new recovery codes', () => {
  it('an authenticator code gives ten new codes; every old one stops working at once', async () => {
    const user = await createUser(t, 'renewer');
    const { secret, codes: old } = await enrol(user);
    expect(await signInWith(user, old[0]!)).toBe(200);
    expect((await status(user)).recovery_codes_left).toBe(9);

    const res = await regenerate(user, totpAt(secret, now));
    expect(res.status, res.text).toBe(200);
    const fresh = res.json.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    for (const c of fresh) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(fresh.some((c) => old.includes(c))).toBe(false);
    expect((await status(user)).recovery_codes_left).toBe(10);
    expect((await status(user)).enabled).toBe(true);

    // The old set is gone, used and unused alike; the new one signs in.
    expect(await signInWith(user, old[1]!)).toBe(401);
    expect(await signInWith(user, old[0]!)).toBe(401);
    expect(await signInWith(user, fresh[0]!)).toBe(200);
    expect((await status(user)).recovery_codes_left).toBe(9);
  });

  it('refuses a wrong, replayed or recovery code, and when 2FA is off; nothing changes', async () => {
    const user = await createUser(t, 'refused');
    expect((await regenerate(user, '123456')).status).toBe(409);
    const { secret, codes } = await enrol(user);
    expect((await regenerate(user, '000000')).status).toBe(403);
    // A recovery code is not enough: one that leaked must not renew the set.
    expect((await regenerate(user, codes[0]!)).status).toBe(403);
    const code = totpAt(secret, now);
    expect((await regenerate(user, code)).status).toBe(200);
    // The same time step twice: refused.
    expect((await regenerate(user, code)).status).toBe(403);
    expect((await status(user)).recovery_codes_left).toBe(10);
    const bad = await t.request('POST', '/user/totp/recovery_codes', { token: user.token, json: {} });
    expect(bad.status).toBe(400);
    now += 30_000;
  });
});

describe('secrets encrypted at rest', () => {
  it('the row holds no secret, and sign-in works through every node', async () => {
    const user = await createUser(t, 'sealed');
    const setup = await t.request('POST', '/user/totp/setup', { token: user.token });
    const { secret } = setup.json as { secret: string };
    const pending = await t.server.ctx.store.totp.get(user.uid);
    expect(pending?.secret).toMatch(/^v1:/);
    expect(pending?.secret).not.toContain(secret);
    const ok = await t.request('POST', '/user/totp/enable', {
      token: user.token,
      json: { code: totpAt(secret, now) },
    });
    expect(ok.status).toBe(200);
    const row = await t.server.ctx.store.totp.get(user.uid);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.toLowerCase());
    // Every node (one per request behind the balancer in the cluster project) reads it.
    for (let i = 0; i < 3; i++) {
      now += 30_000;
      expect(await signInWith(user, totpAt(secret, now))).toBe(200);
    }
  });

  it('the key is a file of the data directory, readable by its owner only', async () => {
    const info = await stat(join(t.db.dataDir, SECRET_KEY_FILE));
    expect(info.mode & 0o777).toBe(0o600);
  });

  it('a secret stored before encryption is sealed at start and still signs in', async () => {
    const user = await createUser(t, 'legacy');
    const secret = base32Encode(Buffer.from('legacy-secret-20byte'));
    const store = t.server.ctx.store;
    expect(await store.totp.putPending(user.uid, secret, now)).toBe(true);
    expect(await store.totp.enable(user.uid, 0, [], now)).toBe(true);
    expect((await store.totp.get(user.uid))?.secret).toBe(secret);
    expect(await sealStoredSecrets(t.server.ctx)).toBe(1);
    const row = await store.totp.get(user.uid);
    expect(SecretBox.isSealed(row!.secret)).toBe(true);
    expect(row!.secret).not.toContain(secret);
    now += 30_000;
    expect(await signInWith(user, totpAt(secret, now))).toBe(200);
  });

  it('a plaintext row is sealed the first time it is read too', async () => {
    const user = await createUser(t, 'legacy2');
    const secret = base32Encode(Buffer.from('another-secret-20byt'));
    const store = t.server.ctx.store;
    await store.totp.putPending(user.uid, secret, now);
    await store.totp.enable(user.uid, 0, [], now);
    now += 30_000;
    expect(await signInWith(user, totpAt(secret, now))).toBe(200);
    expect(SecretBox.isSealed((await store.totp.get(user.uid))!.secret)).toBe(true);
  });

  it('another key, another context or an altered value opens nothing', () => {
    const a = new SecretBox(Buffer.alloc(32, 1));
    const b = new SecretBox(Buffer.alloc(32, 2));
    const sealed = a.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(a.open(sealed, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(b.open(sealed, 'totp:1')).toBeUndefined();
    expect(a.open(sealed, 'totp:2')).toBeUndefined();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(a.open(altered, 'totp:1')).toBeUndefined();
  });

  it('PARLEY_SECRET_KEY takes 32 bytes as hex or base64; anything else stops the start', () => {
    const key = Buffer.alloc(32, 7);
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64url'))).toEqual(key);
    expect(loadConfig({ PARLEY_SECRET_KEY: key.toString('hex') }).secretKey).toBe(key.toString('hex'));
    for (const bad of ['short', 'ab'.repeat(31), Buffer.alloc(16).toString('base64')])
      expect(() => loadConfig({ PARLEY_SECRET_KEY: bad })).toThrow(ConfigError);
  });
});
