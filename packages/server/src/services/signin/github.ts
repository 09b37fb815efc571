/**
 * GitHub sign-in (API.md §2.1, §11.2): the OAuth code is exchanged with the configured client for
 * an access token, which reads the account's id, name and primary verified e-mail. GitHub's
 * addresses come from the configuration (`GITHUB_URL`, `GITHUB_API_URL`) so tests use a stand-in.
 */
import type { GithubCredential } from '@parley/protocol';
import type { Ctx } from '../../context.js';
import { AppError, forbidden, unauthorized } from '../../errors.js';
import { readSetting } from '../settings.js';
import type { Identity } from './accounts.js';

const TIMEOUT_MS = 10_000;

async function fetchJson(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    throw new AppError('unavailable', 'GitHub could not be reached');
  }
}

export async function githubIdentity(ctx: Ctx, credential: GithubCredential, ip: string): Promise<Identity> {
  if (!(await readSetting(ctx.store, 'loginConfig')).github) throw forbidden('GitHub sign-in is disabled');
  const client = await readSetting(ctx.store, 'githubAuth');
  if (!client.client_id || !client.client_secret)
    throw new AppError('unavailable', 'GitHub sign-in is not set up');
  await ctx.limits.lookup(ip);
  const { githubUrl, githubApiUrl } = ctx.config.signin;
  const exchange = await fetchJson(`${githubUrl}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: client.client_id,
      client_secret: client.client_secret,
      code: credential.code,
    }),
  });
  const token = (exchange.body as { access_token?: unknown } | null)?.access_token;
  if (exchange.status !== 200 || typeof token !== 'string' || !token)
    throw unauthorized('GitHub refused the code');
  const headers = { accept: 'application/vnd.github+json', authorization: `Bearer ${token}` };
  const user = await fetchJson(`${githubApiUrl}/user`, { headers });
  const profile = user.body as { id?: unknown; login?: unknown; name?: unknown } | null;
  if (user.status !== 200 || (typeof profile?.id !== 'number' && typeof profile?.id !== 'string'))
    throw unauthorized('GitHub sent no account');
  const emails = await fetchJson(`${githubApiUrl}/user/emails`, { headers });
  const list = Array.isArray(emails.body)
    ? (emails.body as { email?: unknown; primary?: unknown; verified?: unknown }[])
    : [];
  const primary = list.find((e) => e.primary === true && e.verified === true && typeof e.email === 'string');
  const name = [profile.name, profile.login].find((n) => typeof n === 'string' && n.trim());
  return {
    method: 'github',
    issuer: '',
    subject: String(profile.id),
    email: (primary?.email as string | undefined) ?? null,
    name: (name as string | undefined) ?? '',
  };
}
