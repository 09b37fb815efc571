/**
 * Google sign-in (API.md §2.1, §11.2): the client's ID token (a JWT) is checked here with
 * node:crypto against Google's published keys (`GOOGLE_JWKS_URL`, cached 10 minutes): RS256
 * signature, issuer, audience = the configured client_id, expiry.
 */
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import type { GoogleCredential } from '@parley/protocol';
import type { Ctx } from '../../context.js';
import { AppError, forbidden, unauthorized } from '../../errors.js';
import { readSetting } from '../settings.js';
import type { Identity } from './accounts.js';

const ISSUERS = new Set(['accounts.google.com', 'https://accounts.google.com']);
const KEYS_TTL_MS = 10 * 60_000;
let cached: { url: string; at: number; keys: (JsonWebKey & { kid?: string })[] } | undefined;

async function keys(url: string, now: number, refresh: boolean) {
  if (cached && cached.url === url && !refresh && now - cached.at < KEYS_TTL_MS) return cached.keys;
  try {
    const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { keys?: unknown };
    if (!res.ok || !Array.isArray(body.keys)) throw new Error('no keys');
    cached = { url, at: now, keys: body.keys as (JsonWebKey & { kid?: string })[] };
    return cached.keys;
  } catch {
    throw new AppError('unavailable', 'Google could not be reached');
  }
}

function decode(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Falls through to the refusal below.
  }
  throw unauthorized('the ID token is malformed');
}

export async function googleIdentity(ctx: Ctx, credential: GoogleCredential, ip: string): Promise<Identity> {
  if (!(await readSetting(ctx.store, 'loginConfig')).google) throw forbidden('Google sign-in is disabled');
  const { client_id } = await readSetting(ctx.store, 'googleAuth');
  if (!client_id) throw new AppError('unavailable', 'Google sign-in is not set up');
  await ctx.limits.lookup(ip);
  const parts = credential.id_token.split('.');
  if (parts.length !== 3) throw unauthorized('the ID token is malformed');
  const [head, body, signature] = parts as [string, string, string];
  const header = decode(head);
  if (header.alg !== 'RS256' || typeof header.kid !== 'string')
    throw unauthorized('the ID token is not RS256');
  const now = ctx.now();
  let jwk = (await keys(ctx.config.signin.googleJwksUrl, now, false)).find((k) => k.kid === header.kid);
  // Google rotates its keys: an unknown kid refreshes the cache once.
  jwk ??= (await keys(ctx.config.signin.googleJwksUrl, now, true)).find((k) => k.kid === header.kid);
  if (!jwk) throw unauthorized('the ID token is signed by an unknown key');
  let valid: boolean;
  try {
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    valid = verify('sha256', Buffer.from(`${head}.${body}`), key, Buffer.from(signature, 'base64url'));
  } catch {
    valid = false;
  }
  if (!valid) throw unauthorized('the ID token signature is invalid');
  const claims = decode(body);
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!ISSUERS.has(String(claims.iss))) throw unauthorized('the ID token is not from Google');
  if (!audience.includes(client_id)) throw unauthorized('the ID token is for another client');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now)
    throw unauthorized('the ID token has expired');
  if (typeof claims.sub !== 'string' || !claims.sub) throw unauthorized('the ID token names nobody');
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return {
    method: 'google',
    issuer: '',
    subject: claims.sub,
    email: verified && typeof claims.email === 'string' ? claims.email : null,
    name: typeof claims.name === 'string' ? claims.name : '',
  };
}
