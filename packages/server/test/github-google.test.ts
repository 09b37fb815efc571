/**
 * GitHub and Google sign-in (API.md §2.1, §11.2; issue 12) against a loopback stand-in for both
 * (test/support/social-stand-in.ts): their admin configurations and public client ids, the
 * `github` code exchange and the `google` ID token check (signature by the JWKS, issuer, audience,
 * expiry), account creation and linking by verified e-mail, and refusals that leave nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GithubUser } from './support/social-stand-in.js';
import { patchLoginConfig } from './support/login-config.js';
import { useSocialStandIn } from './support/use-social-stand-in.js';
import { createAdmin, createUser, useTestServer, type TestUser } from './support/server.js';

const { standIn, env } = useSocialStandIn();
const now = Date.now();
const t = useTestServer({ now: () => now, env });
let admin: TestUser;

const GITHUB = { id: 'gh-client', secret: 'gh-secret' };
const GOOGLE_CLIENT = 'google-client.apps.example.com';

const setLogin = (patch: Record<string, unknown>) => patchLoginConfig(t, admin, patch);
beforeAll(async () => {
  admin = await createAdmin(t);
  await setLogin({ github: true, google: true });
  for (const [path, json] of [
    ['/admin/github_auth/config', { client_id: GITHUB.id, client_secret: GITHUB.secret }],
    ['/admin/google_auth/config', { client_id: GOOGLE_CLIENT }],
  ] as const) {
    const res = await t.request('POST', path, { token: admin.token, json });
    expect(res.status, res.text).toBe(200);
  }
});

let n = 0;
const login = (credential: unknown) =>
  t.request('POST', '/token/login', { json: { credential, device: `web:social${++n}`, device_token: '' } });
async function userCount(): Promise<number> {
  return ((await t.request('GET', '/admin/user', { token: admin.token })).json as unknown[]).length;
}
const ghUser = (patch: Partial<GithubUser> = {}): GithubUser => {
  const id = 1000 + ++n;
  return {
    id,
    login: `octo${id}`,
    name: `Octo ${id}`,
    emails: [{ email: `octo${id}@example.com`, primary: true, verified: true }],
    ...patch,
  };
};
const googleClaims = (patch: Record<string, unknown> = {}) => ({
  iss: 'https://accounts.google.com',
  aud: GOOGLE_CLIENT,
  sub: `g-${Date.now()}-${++n}`,
  email: `g${n}.${Date.now()}@example.com`,
  email_verified: true,
  name: 'Gee Oogle',
  exp: Math.floor(now / 1000) + 600,
  iat: Math.floor(now / 1000),
  ...patch,
});

describe('configuration', () => {
  it('admins read and write both; the public halves show only the client ids', async () => {
    const gh = await t.request('GET', '/admin/github_auth/config', { token: admin.token });
    expect(gh.json).toEqual({ client_id: GITHUB.id, client_secret: GITHUB.secret });
    expect((await t.request('GET', '/admin/github_auth/public_config')).json).toEqual({
      client_id: GITHUB.id,
    });
    expect((await t.request('GET', '/admin/google_auth/config', { token: admin.token })).json).toEqual({
      client_id: GOOGLE_CLIENT,
    });
    expect((await t.request('GET', '/admin/google_auth/public_config')).json).toEqual({
      client_id: GOOGLE_CLIENT,
    });
    const user = await createUser(t);
    expect((await t.request('GET', '/admin/github_auth/config', { token: user.token })).status).toBe(403);
    expect(
      (await t.request('POST', '/admin/google_auth/config', { token: user.token, json: { client_id: 'x' } }))
        .status,
    ).toBe(403);
  });
});

describe('the github credential', () => {
  it('creates an account from a code, then signs the same GitHub account in', async () => {
    const user = ghUser();
    const res = await login({ type: 'github', code: standIn.githubCode(user, GITHUB) });
    expect(res.status, res.text).toBe(200);
    expect(res.json.user).toMatchObject({
      email: user.emails[0]?.email,
      name: user.name,
      create_by: 'github',
    });
    const res2 = await login({ type: 'github', code: standIn.githubCode(user, GITHUB) });
    expect(res2.json.user.uid).toBe(res.json.user.uid);
  });

  it('links an existing account by its primary verified e-mail only', async () => {
    const alice = await createUser(t);
    const res = await login({
      type: 'github',
      code: standIn.githubCode(
        ghUser({ emails: [{ email: alice.email, primary: true, verified: true }] }),
        GITHUB,
      ),
    });
    expect(res.json.user.uid).toBe(alice.uid);
    const bob = await createUser(t);
    const res2 = await login({
      type: 'github',
      code: standIn.githubCode(
        ghUser({ emails: [{ email: bob.email, primary: true, verified: false }] }),
        GITHUB,
      ),
    });
    expect(res2.status).toBe(200);
    expect(res2.json.user.uid).not.toBe(bob.uid);
    expect(res2.json.user.email).toBeNull();
  });

  it('401 for a bad or spent code, 403 while off, 503 unconfigured; nothing is created', async () => {
    const before = await userCount();
    expect((await login({ type: 'github', code: 'nope' })).status).toBe(401);
    const code = standIn.githubCode(ghUser(), { id: GITHUB.id, secret: 'other' });
    expect((await login({ type: 'github', code })).status).toBe(401);
    await setLogin({ github: false });
    expect((await login({ type: 'github', code: standIn.githubCode(ghUser(), GITHUB) })).status).toBe(403);
    await setLogin({ github: true });
    await t.request('POST', '/admin/github_auth/config', {
      token: admin.token,
      json: { client_id: '', client_secret: '' },
    });
    expect((await login({ type: 'github', code: standIn.githubCode(ghUser(), GITHUB) })).status).toBe(503);
    await t.request('POST', '/admin/github_auth/config', {
      token: admin.token,
      json: { client_id: GITHUB.id, client_secret: GITHUB.secret },
    });
    expect(await userCount()).toBe(before);
  });
});

describe('the google credential', () => {
  it('creates an account from a valid ID token, then signs the same one in', async () => {
    const claims = googleClaims();
    const res = await login({ type: 'google', id_token: standIn.googleIdToken(claims) });
    expect(res.status, res.text).toBe(200);
    expect(res.json.user).toMatchObject({ email: claims.email, name: 'Gee Oogle', create_by: 'google' });
    const res2 = await login({
      type: 'google',
      id_token: standIn.googleIdToken({ ...claims, email: undefined }),
    });
    expect(res2.json.user.uid).toBe(res.json.user.uid);
    const creds = await t.request('GET', '/token/credentials', { token: res.json.token });
    expect(creds.json).toEqual({ password: false, google: claims.sub, metamask: null, oidc: [] });
  });

  it('401 for a foreign signature, another audience or issuer, expiry, an unknown key or garbage', async () => {
    const before = await userCount();
    const bad = [
      standIn.googleIdToken(googleClaims(), { foreign: true }),
      standIn.googleIdToken(googleClaims({ aud: 'someone-else' })),
      standIn.googleIdToken(googleClaims({ iss: 'https://evil.example.com' })),
      standIn.googleIdToken(googleClaims({ exp: Math.floor(now / 1000) - 10 })),
      standIn.googleIdToken(googleClaims(), { kid: 'unknown' }),
      'not.a.token',
      'garbage',
    ];
    for (const id_token of bad)
      expect((await login({ type: 'google', id_token })).status, id_token).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('under InvitationOnly a new identity is 410; an existing e-mail still signs in', async () => {
    const carol = await createUser(t);
    await setLogin({ who_can_sign_up: 'InvitationOnly' });
    try {
      const before = await userCount();
      expect((await login({ type: 'google', id_token: standIn.googleIdToken(googleClaims()) })).status).toBe(
        410,
      );
      expect(await userCount()).toBe(before);
      const res = await login({
        type: 'google',
        id_token: standIn.googleIdToken(googleClaims({ email: carol.email })),
      });
      expect(res.json.user.uid).toBe(carol.uid);
    } finally {
      await setLogin({ who_can_sign_up: 'EveryOne' });
    }
  });

  it('binds to a signed-in account; 409 when linked to another', async () => {
    const dave = await createUser(t);
    const claims = googleClaims();
    const bind = (user: TestUser) =>
      t.request('POST', '/token/bind', {
        token: user.token,
        json: { credential: { type: 'google', id_token: standIn.googleIdToken(claims) } },
      });
    expect((await bind(dave)).status).toBe(200);
    expect((await bind(dave)).status).toBe(200);
    expect((await bind(await createUser(t))).status).toBe(409);
  });
});
