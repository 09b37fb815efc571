/**
 * OpenID Connect sign-in (API.md §2.1–§2.2; issue 12) against a real issuer (`oidc-provider`) on
 * loopback: the authorization URL (PKCE S256, state, nonce), its refusals (403 issuer not
 * enabled, 503 discovery failure, 400 redirect elsewhere), the `oidc` credential creating or
 * linking an account by verified e-mail, single-use and expiring state, invitation-only sign-up,
 * `/token/bind` and `/token/credentials`. Every refusal leaves no account, link or session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginConfig } from './support/login-config.js';
import { startIssuer, type IssuerAccount, type TestIssuer } from './support/oidc-issuer.js';
import { createAdmin, createUser, useTestServer, type TestUser } from './support/server.js';

let now = Date.now();
const t = useTestServer({ now: () => now, env: { OIDC_ALLOW_HTTP: 'true' } });
let issuer: TestIssuer;
let admin: TestUser;
let origin: string;
let redirectUri: string;

async function setLoginConfig(patch: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/admin/login/config', {
    token: admin.token,
    json: loginConfig({ oidc: [{ enable: true, favicon: '', domain: issuer.issuer }], ...patch }),
  });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  admin = await createAdmin(t);
  // The server's own origin, as its links show it (behind nginx in the cluster project).
  const link = await t.request('GET', '/group/create_reg_magic_link', { token: admin.token });
  origin = new URL(link.text).origin;
  redirectUri = `${origin}/`;
  issuer = await startIssuer([redirectUri]);
  const res = await t.request('POST', '/admin/oidc/config', {
    token: admin.token,
    json: {
      clients: [{ issuer: issuer.issuer, client_id: issuer.clientId, client_secret: issuer.clientSecret }],
    },
  });
  expect(res.status, res.text).toBe(200);
  await setLoginConfig();
});
afterAll(async () => {
  await issuer?.close();
});

/** The same host on another port: another origin. */
function otherPort(url: string): string {
  const other = new URL(url);
  other.port = String(Number(other.port || 80) + 1);
  return `${other.origin}/`;
}

let n = 0;
const authorize = (body: Record<string, unknown>) =>
  t.request('POST', '/token/openid/authorize', { json: body });
async function authorizeUrl(): Promise<URL> {
  const res = await authorize({ issuer: issuer.issuer, redirect_uri: redirectUri });
  expect(res.status, res.text).toBe(200);
  return new URL((res.json as { url: string }).url);
}
const oidcLogin = (code: string, state: string, extra: Record<string, unknown> = {}) =>
  t.request('POST', '/token/login', {
    json: { credential: { type: 'oidc', code, state, ...extra }, device: `web:oidc${++n}`, device_token: '' },
  });
/** Authorizes, signs in at the issuer as `account`, and returns the callback's code and state. */
async function callbackAs(account: IssuerAccount) {
  const back = await issuer.signIn((await authorizeUrl()).href, account);
  const code = back.get('code');
  const state = back.get('state');
  if (!code || !state) throw new Error(`no code: ${back.toString()}`);
  return { code, state };
}
async function userCount(): Promise<number> {
  const res = await t.request('GET', '/admin/user', { token: admin.token });
  return (res.json as unknown[]).length;
}

describe('POST /token/openid/authorize', () => {
  it('answers the issuer URL with PKCE S256, a state and a nonce', async () => {
    const url = await authorizeUrl();
    expect(url.origin).toBe(issuer.issuer);
    expect(url.searchParams.get('client_id')).toBe(issuer.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{16,}$/);
    expect(url.searchParams.get('scope')).toContain('openid');
  });

  it('403 for an issuer that is not configured or not enabled', async () => {
    expect(
      (await authorize({ issuer: 'https://elsewhere.example.com', redirect_uri: redirectUri })).status,
    ).toBe(403);
    await setLoginConfig({ oidc: [{ enable: false, favicon: '', domain: issuer.issuer }] });
    try {
      expect((await authorize({ issuer: issuer.issuer, redirect_uri: redirectUri })).status).toBe(403);
    } finally {
      await setLoginConfig();
    }
  });

  it('400 for a redirect_uri off this server (no open redirect) or not a URL', async () => {
    for (const redirect_uri of [
      'https://evil.example.com/',
      `${origin}/?next=https://evil.example.com`,
      `${origin}/#/login`,
      otherPort(origin),
      'javascript:alert(1)',
      'not a url',
    ]) {
      const res = await authorize({ issuer: issuer.issuer, redirect_uri });
      expect(res.status, redirect_uri).toBe(400);
    }
  });

  it('503 when the issuer cannot be discovered', async () => {
    const dead = 'http://127.0.0.1:9';
    await t.request('POST', '/admin/oidc/config', {
      token: admin.token,
      json: {
        clients: [
          { issuer: issuer.issuer, client_id: issuer.clientId, client_secret: issuer.clientSecret },
          { issuer: dead, client_id: 'x', client_secret: 'y' },
        ],
      },
    });
    await setLoginConfig({
      oidc: [
        { enable: true, favicon: '', domain: issuer.issuer },
        { enable: true, favicon: '', domain: dead },
      ],
    });
    const res = await authorize({ issuer: dead, redirect_uri: redirectUri });
    expect(res.status, res.text).toBe(503);
  });

  it('400 for a malformed body', async () => {
    expect((await authorize({ issuer: issuer.issuer })).status).toBe(400);
    expect((await authorize({ issuer: 5, redirect_uri: redirectUri })).status).toBe(400);
  });
});

describe('the oidc credential', () => {
  it('creates an account for a new identity with a verified e-mail, then signs the same one in', async () => {
    const email = `new${Date.now()}@example.com`;
    const account = { sub: `sub-new-${Date.now()}`, email, email_verified: true, name: 'Olive Idc' };
    const first = await callbackAs(account);
    const res = await oidcLogin(first.code, first.state);
    expect(res.status, res.text).toBe(200);
    expect(res.json.user).toMatchObject({ email, name: 'Olive Idc', create_by: 'oidc', is_admin: false });
    const again = await callbackAs(account);
    const res2 = await oidcLogin(again.code, again.state);
    expect(res2.status, res2.text).toBe(200);
    expect(res2.json.user.uid).toBe(res.json.user.uid);
    const creds = await t.request('GET', '/token/credentials', { token: res.json.token });
    expect(creds.json).toEqual({ password: false, google: null, metamask: null, oidc: [issuer.issuer] });
  });

  it('links an existing account by verified e-mail; an unverified one is not linked', async () => {
    const alice = await createUser(t);
    const verified = await callbackAs({
      sub: `sub-alice-${Date.now()}`,
      email: alice.email,
      email_verified: true,
    });
    const res = await oidcLogin(verified.code, verified.state);
    expect(res.status, res.text).toBe(200);
    expect(res.json.user.uid).toBe(alice.uid);
    expect(res.json.user.create_by).toBe('password');

    const bob = await createUser(t);
    const unverified = await callbackAs({
      sub: `sub-bob-${Date.now()}`,
      email: bob.email,
      email_verified: false,
    });
    const res2 = await oidcLogin(unverified.code, unverified.state);
    expect(res2.status, res2.text).toBe(200);
    expect(res2.json.user.uid).not.toBe(bob.uid);
    expect(res2.json.user.email).toBeNull();
  });

  it('a state works once: a replay is 401 and creates nothing', async () => {
    const cb = await callbackAs({
      sub: `sub-once-${Date.now()}`,
      email: `once${Date.now()}@example.com`,
      email_verified: true,
    });
    expect((await oidcLogin(cb.code, cb.state)).status).toBe(200);
    const before = await userCount();
    expect((await oidcLogin(cb.code, cb.state)).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('an unknown state, a wrong code or an expired state is 401 and creates nothing', async () => {
    const before = await userCount();
    expect((await oidcLogin('code', 'no-such-state')).status).toBe(401);
    const cb = await callbackAs({
      sub: `sub-bad-${Date.now()}`,
      email: `bad${Date.now()}@example.com`,
      email_verified: true,
    });
    expect((await oidcLogin(`${cb.code}x`, cb.state)).status).toBe(401);
    // The state was spent by that attempt.
    expect((await oidcLogin(cb.code, cb.state)).status).toBe(401);
    const late = await callbackAs({
      sub: `sub-late-${Date.now()}`,
      email: `late${Date.now()}@example.com`,
      email_verified: true,
    });
    now += 11 * 60_000;
    try {
      expect((await oidcLogin(late.code, late.state)).status).toBe(401);
    } finally {
      now = Date.now();
    }
    expect(await userCount()).toBe(before);
  });

  it('under InvitationOnly a new identity is 410 and a bad invite 400, creating nothing', async () => {
    await setLoginConfig({ who_can_sign_up: 'InvitationOnly' });
    try {
      const before = await userCount();
      const account = {
        sub: `sub-closed-${Date.now()}`,
        email: `closed${Date.now()}@example.com`,
        email_verified: true,
      };
      const cb = await callbackAs(account);
      expect((await oidcLogin(cb.code, cb.state)).status).toBe(410);
      const cb2 = await callbackAs(account);
      expect((await oidcLogin(cb2.code, cb2.state, { magic_token: 'not-an-invite' })).status).toBe(400);
      expect(await userCount()).toBe(before);
    } finally {
      await setLoginConfig();
    }
  });

  it('403 once the issuer is disabled, even with a pending state', async () => {
    const cb = await callbackAs({
      sub: `sub-off-${Date.now()}`,
      email: `off${Date.now()}@example.com`,
      email_verified: true,
    });
    await setLoginConfig({ oidc: [{ enable: false, favicon: '', domain: issuer.issuer }] });
    try {
      const before = await userCount();
      expect((await oidcLogin(cb.code, cb.state)).status).toBe(403);
      expect(await userCount()).toBe(before);
    } finally {
      await setLoginConfig();
    }
  });
});

describe('POST /token/bind', () => {
  it('links an identity to the signed-in account; 409 when it belongs to another', async () => {
    const carol = await createUser(t);
    const sub = `sub-bind-${Date.now()}`;
    const cb = await callbackAs({ sub, email: `elsewhere${Date.now()}@example.com`, email_verified: true });
    const res = await t.request('POST', '/token/bind', {
      token: carol.token,
      json: { credential: { type: 'oidc', code: cb.code, state: cb.state } },
    });
    expect(res.status, res.text).toBe(200);
    const creds = await t.request('GET', '/token/credentials', { token: carol.token });
    expect(creds.json).toEqual({ password: true, google: null, metamask: null, oidc: [issuer.issuer] });

    const signIn = await callbackAs({ sub });
    const login = await oidcLogin(signIn.code, signIn.state);
    expect(login.status, login.text).toBe(200);
    expect(login.json.user.uid).toBe(carol.uid);

    const dave = await createUser(t);
    const cb2 = await callbackAs({ sub });
    const res2 = await t.request('POST', '/token/bind', {
      token: dave.token,
      json: { credential: { type: 'oidc', code: cb2.code, state: cb2.state } },
    });
    expect(res2.status).toBe(409);
    expect((await t.request('GET', '/token/credentials', { token: dave.token })).json.oidc).toEqual([]);
  });

  it('401 without a token', async () => {
    const res = await t.request('POST', '/token/bind', {
      json: { credential: { type: 'oidc', code: 'c', state: 's' } },
    });
    expect(res.status).toBe(401);
  });
});
