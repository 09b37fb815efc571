/**
 * The login page's GitHub and Google buttons (issue 12; Parley's own routes, docs/api.md):
 * `POST /token/github/authorize` and `/token/google/authorize` hand out the provider's URL, which
 * only ever sends the browser back to this server's root; the round trip through the loopback
 * stand-in ends in a credential that signs in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useSocialStandIn } from './support/use-social-stand-in.js';
import { patchLoginConfig } from './support/login-config.js';
import { createAdmin, useTestServer, type TestUser } from './support/server.js';

const { standIn, env } = useSocialStandIn();
const t = useTestServer({ env });
let admin: TestUser;
let root = '';

const GITHUB = { id: 'gh-client', secret: 'gh-secret' };
const GOOGLE_CLIENT = 'google-client.apps.example.com';
const STATE = 'state-0123456789abcdef';
const NONCE = 'nonce-0123456789abcdef';

const setLogin = (patch: Record<string, unknown>) => patchLoginConfig(t, admin, patch);
async function setClients(github: typeof GITHUB, google: string) {
  for (const [path, json] of [
    ['/admin/github_auth/config', { client_id: github.id, client_secret: github.secret }],
    ['/admin/google_auth/config', { client_id: google }],
  ] as const) {
    const res = await t.request('POST', path, { token: admin.token, json });
    expect(res.status, res.text).toBe(200);
  }
}
beforeAll(async () => {
  admin = await createAdmin(t);
  // The server's own origin, as its links show it (behind nginx in the cluster project).
  const link = await t.request('GET', '/group/create_reg_magic_link', { token: admin.token });
  root = `${new URL(link.text).origin}/`;
});

const github = (json: unknown) => t.request('POST', '/token/github/authorize', { json });
const google = (json: unknown) => t.request('POST', '/token/google/authorize', { json });
/** Follows the provider's authorize URL once: where it sends the browser. */
async function follow(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}
let n = 0;
const login = (credential: unknown) =>
  t.request('POST', '/token/login', { json: { credential, device: `web:button${++n}`, device_token: '' } });

describe('while off or not set up', () => {
  it('403 while the method is off, 503 while it has no client', async () => {
    expect((await github({ redirect_uri: root, state: STATE })).status).toBe(403);
    expect((await google({ redirect_uri: root, state: STATE, nonce: NONCE })).status).toBe(403);
    await setLogin({ github: true, google: true });
    await setClients({ id: '', secret: '' }, '');
    expect((await github({ redirect_uri: root, state: STATE })).status).toBe(503);
    expect((await google({ redirect_uri: root, state: STATE, nonce: NONCE })).status).toBe(503);
  });
});

describe('when set up', () => {
  beforeAll(async () => {
    await setLogin({ github: true, google: true, who_can_sign_up: 'EveryOne' });
    await setClients(GITHUB, GOOGLE_CLIENT);
  });

  it('GitHub: the URL carries the client, root and state; the code it returns signs in', async () => {
    const res = await github({ redirect_uri: root, state: STATE });
    expect(res.status, res.text).toBe(200);
    const url = new URL(res.json.url as string);
    expect(url.origin + url.pathname).toBe(`${standIn.url}/login/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: GITHUB.id,
      redirect_uri: root,
      state: STATE,
    });
    const user = {
      id: 4242,
      login: 'octo',
      emails: [{ email: 'octo.button@example.com', primary: true, verified: true }],
    };
    standIn.setBrowserAccounts({ github: { user, client: GITHUB } });
    const back = await follow(url.href);
    expect(back.origin + back.pathname).toBe(root);
    expect(back.searchParams.get('state')).toBe(STATE);
    const signed = await login({ type: 'github', code: back.searchParams.get('code') });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.json.user).toMatchObject({ email: 'octo.button@example.com', create_by: 'github' });
  });

  it('Google: the URL asks for an ID token with the nonce; the token it returns signs in', async () => {
    const res = await google({ redirect_uri: root, state: STATE, nonce: NONCE });
    expect(res.status, res.text).toBe(200);
    const url = new URL(res.json.url as string);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: GOOGLE_CLIENT,
      redirect_uri: root,
      response_type: 'id_token',
      state: STATE,
      nonce: NONCE,
    });
    standIn.setBrowserAccounts({
      google: { sub: 'g-button', email: 'gee.button@example.com', email_verified: true, name: 'Gee' },
    });
    const back = await follow(url.href);
    const answer = new URLSearchParams(back.hash.slice(1));
    expect(answer.get('state')).toBe(STATE);
    const idToken = answer.get('id_token') ?? '';
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
      nonce: string;
    };
    expect(claims.nonce).toBe(NONCE);
    const signed = await login({ type: 'google', id_token: idToken });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.json.user).toMatchObject({ email: 'gee.button@example.com', create_by: 'google' });
  });

  it('400 for a redirect elsewhere, with a path, query or fragment, or a bad state or nonce', async () => {
    const bad = [
      'https://evil.example.com/',
      `${root}chat`,
      `${root}?x=1`,
      `${root}#/login`,
      root.replace('://', '://user@'),
      'not a url',
    ];
    for (const redirect_uri of bad) {
      expect((await github({ redirect_uri, state: STATE })).status, redirect_uri).toBe(400);
      expect((await google({ redirect_uri, state: STATE, nonce: NONCE })).status, redirect_uri).toBe(400);
    }
    expect((await github({ redirect_uri: root, state: 'short' })).status).toBe(400);
    expect((await github({ redirect_uri: root, state: `${STATE}&x=1` })).status).toBe(400);
    expect((await google({ redirect_uri: root, state: STATE })).status).toBe(400);
    expect((await google({ redirect_uri: root, state: STATE, nonce: 'n o n c e 0123456789' })).status).toBe(
      400,
    );
  });
});
