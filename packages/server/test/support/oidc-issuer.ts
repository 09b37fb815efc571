/**
 * A real OpenID Connect issuer (the `oidc-provider` package) on a loopback port, for the sign-in
 * tests: one confidential client, PKCE required, and a scripted "user" in place of a login page —
 * `signIn(url)` follows the authorization URL as a browser would and returns the code and state
 * the issuer sends back to the redirect URI.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IssuerAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Follows an authorization URL as `account`; the redirect's query (code, state, iss or error). */
  signIn(url: string, account: IssuerAccount): Promise<URLSearchParams>;
  /** The account a real browser signs in as (it reaches the interaction without naming one). */
  setBrowserAccount(account: IssuerAccount): void;
  close(): Promise<void>;
}

export async function startIssuer(redirectUris: string[]): Promise<TestIssuer> {
  const accounts = new Map<string, IssuerAccount>();
  let browserAccount = '';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'parley-test';
  const clientSecret = 'parley-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['parley-test-cookie-key'] },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: () => ({ ...account }) };
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    // The scripted user: signs in as the account the test named and consents to every scope.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const sub = new URL(req.url ?? '/', issuer).searchParams.get('as') ?? browserAccount;
      const grant = new provider.Grant({ accountId: sub, clientId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });

  async function signIn(url: string, account: IssuerAccount): Promise<URLSearchParams> {
    accounts.set(account.sub, account);
    const jar = new Map<string, string>();
    let next = new URL(url);
    for (let hop = 0; hop < 10; hop++) {
      if (next.origin !== issuer) return next.searchParams;
      if (next.pathname.startsWith('/interaction/')) next.searchParams.set('as', account.sub);
      const res = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const eq = pair.indexOf('=');
        if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`issuer answered ${res.status} without a redirect: ${await res.text()}`);
      next = new URL(location, next);
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    setBrowserAccount(account) {
      accounts.set(account.sub, account);
      browserAccount = account.sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
