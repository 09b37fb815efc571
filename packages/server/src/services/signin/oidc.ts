/**
 * OpenID Connect sign-in (API.md §2.1–§2.2): the authorization code flow with PKCE (S256), state
 * and nonce. `authorize` keeps the state's verifier, nonce, issuer and redirect URI server-side
 * (hashed key, single use, 10 minutes); the `oidc` credential spends them, exchanges the code and
 * reads the ID token's subject and verified e-mail.
 */
import type { OidcCredential, OpenidAuthorizeRequest } from '@parley/protocol';
import { randomToken, sha256 } from '../../auth/tokens.js';
import type { Ctx } from '../../context.js';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors.js';
import { publicOrigin } from '../invites.js';
import { readSetting } from '../settings.js';
import type { Identity } from './accounts.js';
import { lazyModule } from '../../lazy-module.js';

const loadOidc = lazyModule(() => import('openid-client'));

const STATE_TTL_MS = 10 * 60_000;

interface Pending {
  issuer: string;
  redirect_uri: string;
  verifier: string;
  nonce: string;
}

/** An issuer as configured: an http(s) URL without a trailing slash ('https://' assumed). */
export function normaliseIssuer(raw: string): string {
  const value = raw.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

/** The issuer's client when the login configuration enables it; 403 otherwise. */
async function enabledClient(ctx: Ctx, issuer: string) {
  const wanted = normaliseIssuer(issuer);
  const login = await readSetting(ctx.store, 'loginConfig');
  const listed = login.oidc.some((entry) => entry.enable && normaliseIssuer(entry.domain) === wanted);
  const { clients } = await readSetting(ctx.store, 'oidcClients');
  const client = clients.find((c) => normaliseIssuer(c.issuer) === wanted);
  if (!listed || !client) throw forbidden('this issuer is not enabled');
  return { ...client, issuer: wanted };
}

async function discover(ctx: Ctx, client: { issuer: string; client_id: string; client_secret: string }) {
  const oidc = await loadOidc();
  try {
    const url = new URL(client.issuer);
    if (url.protocol !== 'https:' && !ctx.config.signin.oidcAllowHttp) throw new Error('http issuer');
    return await oidc.discovery(
      url,
      client.client_id,
      client.client_secret || undefined,
      client.client_secret ? undefined : oidc.None(),
      {
        ...(ctx.config.signin.oidcAllowHttp && { execute: [oidc.allowInsecureRequests] }),
        timeout: 10,
      },
    );
  } catch {
    throw new AppError('unavailable', 'the issuer could not be reached');
  }
}

/** `POST /token/openid/authorize`: the URL to send the browser to. */
export async function authorize(
  ctx: Ctx,
  req: OpenidAuthorizeRequest,
  requestOrigin: string,
  address: string,
): Promise<{ url: string }> {
  await ctx.limits.lookup(address);
  const client = await enabledClient(ctx, req.issuer);
  let redirect: URL;
  try {
    redirect = new URL(req.redirect_uri);
  } catch {
    throw badRequest('redirect_uri is not a URL');
  }
  // No open redirect: the issuer may only send the browser back to this server.
  if (redirect.origin !== new URL(await publicOrigin(ctx, requestOrigin)).origin || redirect.username)
    throw badRequest('redirect_uri must be on this server');
  // The issuer appends the code and state as the query: the URI itself carries none.
  if (redirect.search || redirect.hash) throw badRequest('redirect_uri must have no query or fragment');
  const config = await discover(ctx, client);
  const state = randomToken(24);
  const nonce = randomToken(16);
  const oidc = await loadOidc();
  const verifier = oidc.randomPKCECodeVerifier();
  const now = ctx.now();
  await ctx.store.signin.deleteExpiredChallenges(now);
  const pending: Pending = { issuer: client.issuer, redirect_uri: redirect.href, verifier, nonce };
  await ctx.store.signin.putChallenge({
    key_hash: sha256(state),
    kind: 'oidc',
    data: JSON.stringify(pending),
    expires_at: now + STATE_TTL_MS,
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirect.href,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href };
}

/** Spends the state and exchanges the code: the identity it proves. */
export async function identityOf(ctx: Ctx, credential: OidcCredential, address: string): Promise<Identity> {
  await ctx.limits.lookup(address);
  const found = await ctx.store.signin.takeChallenge(sha256(credential.state), 'oidc', ctx.now());
  if (!found) throw unauthorized('the sign-in expired or was already used');
  const pending = JSON.parse(found.data) as Pending;
  const client = await enabledClient(ctx, pending.issuer);
  const config = await discover(ctx, client);
  const oidc = await loadOidc();
  const callback = new URL(pending.redirect_uri);
  callback.searchParams.set('code', credential.code);
  callback.searchParams.set('state', credential.state);
  // The state names the issuer server-side, so the answer's `iss` (RFC 9207) is known.
  if (config.serverMetadata().authorization_response_iss_parameter_supported)
    callback.searchParams.set('iss', config.serverMetadata().issuer);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.verifier,
      expectedState: credential.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken?.sub) throw new Error('no subject');
    claims = idToken;
    // Issuers may keep the e-mail and name for the userinfo endpoint (OpenID Connect Core §5.4).
    if (typeof idToken.email !== 'string' && config.serverMetadata().userinfo_endpoint)
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
  } catch {
    throw unauthorized('the issuer refused the sign-in');
  }
  const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email : null;
  const name = [claims.name, claims.preferred_username, claims.nickname].find((n) => typeof n === 'string');
  return {
    method: 'oidc',
    issuer: client.issuer,
    subject: String(claims.sub),
    email,
    name: (name as string) ?? '',
  };
}
