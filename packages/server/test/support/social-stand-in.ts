/**
 * A loopback stand-in for GitHub (OAuth authorize page, code exchange, `/user`, `/user/emails`)
 * and Google (the ID-token authorize endpoint and the JWKS that signs ID tokens), so the sign-in
 * tests never reach the internet. Point the server at it with `env()` (GITHUB_URL,
 * GITHUB_API_URL, GOOGLE_JWKS_URL, GOOGLE_AUTH_URL). The authorize endpoints sign in whoever
 * `setBrowserAccounts` names, at once (no consent page), as the browser tests need.
 */
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GithubUser {
  id: number;
  login: string;
  name?: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface StandIn {
  url: string;
  env(): Record<string, string>;
  /** A one-time GitHub OAuth code for `user`, valid for the client id and secret given. */
  githubCode(user: GithubUser, client: { id: string; secret: string }): string;
  /** A Google ID token signed with the stand-in's key (or `foreign: true`, another key). */
  googleIdToken(claims: Record<string, unknown>, options?: { foreign?: boolean; kid?: string }): string;
  /** Who the authorize endpoints sign in: GitHub's code is for `github.client`; Google's token gets `aud`, `nonce`. */
  setBrowserAccounts(accounts: {
    github?: { user: GithubUser; client: { id: string; secret: string } };
    google?: Record<string, unknown>;
  }): void;
  close(): Promise<void>;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startStandIn(options: { port?: number } = {}): Promise<StandIn> {
  let browser: Parameters<StandIn['setBrowserAccounts']>[0] = {};
  const codes = new Map<string, { user: GithubUser; client: { id: string; secret: string } }>();
  const tokens = new Map<string, GithubUser>();
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'stand-in-key';
  const jwk = { ...key.publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };

  const sign = (claims: Record<string, unknown>, signKey = key.privateKey, keyId = kid) => {
    const input = `${base64url({ alg: 'RS256', typ: 'JWT', kid: keyId })}.${base64url(claims)}`;
    const signer = createSign('sha256');
    signer.update(input);
    return `${input}.${signer.sign(signKey).toString('base64url')}`;
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(302, { location });
    res.end();
  };
  /** The authorize endpoints: back to `redirect_uri` with the answer, or `error=access_denied`. */
  const authorize = (res: ServerResponse, query: URLSearchParams, google: boolean) => {
    const back = new URL(query.get('redirect_uri') ?? '');
    const answer = new URLSearchParams({ state: query.get('state') ?? '' });
    const client = query.get('client_id') ?? '';
    if (google && browser.google && query.get('response_type') === 'id_token') {
      const now = Math.floor(Date.now() / 1000);
      const claims = { iss: 'https://accounts.google.com', iat: now, exp: now + 600, ...browser.google };
      answer.set('id_token', sign({ ...claims, aud: client, nonce: query.get('nonce') }));
      back.hash = answer.toString();
      return redirect(res, back.href);
    }
    if (!google && browser.github && browser.github.client.id === client) {
      const code = randomUUID();
      codes.set(code, browser.github);
      answer.set('code', code);
    } else answer.set('error', 'access_denied');
    if (google) back.hash = answer.toString();
    else back.search = answer.toString();
    redirect(res, back.href);
  };

  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const { pathname: path, searchParams } = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'GET' && path === '/login/oauth/authorize')
        return authorize(res, searchParams, false);
      if (req.method === 'GET' && path === '/o/oauth2/v2/auth') return authorize(res, searchParams, true);
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (req.method === 'POST' && path === '/login/oauth/access_token') {
        const body = JSON.parse(raw || '{}') as { client_id?: string; client_secret?: string; code?: string };
        const found = codes.get(body.code ?? '');
        codes.delete(body.code ?? '');
        if (!found || found.client.id !== body.client_id || found.client.secret !== body.client_secret)
          return send(200, { error: 'bad_verification_code' });
        const token = randomUUID();
        tokens.set(token, found.user);
        return send(200, { access_token: token, token_type: 'bearer', scope: 'user:email' });
      }
      const user = tokens.get(bearer);
      if (req.method === 'GET' && path === '/user')
        return user ? send(200, { id: user.id, login: user.login, name: user.name ?? null }) : send(401, {});
      if (req.method === 'GET' && path === '/user/emails')
        return user ? send(200, user.emails) : send(401, {});
      if (req.method === 'GET' && path === '/jwks') return send(200, { keys: [jwk] });
      send(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: () => ({
      GITHUB_URL: url,
      GITHUB_API_URL: url,
      GOOGLE_JWKS_URL: `${url}/jwks`,
      GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
    }),
    githubCode(user, client) {
      const code = randomUUID();
      codes.set(code, { user, client });
      return code;
    },
    googleIdToken(claims, options = {}) {
      return sign(claims, (options.foreign ? foreign : key).privateKey, options.kid ?? kid);
    },
    setBrowserAccounts(accounts) {
      browser = accounts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
