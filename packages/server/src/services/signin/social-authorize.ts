/**
 * Where the login page's GitHub and Google buttons send the browser (Parley's own routes,
 * docs/api.md). The browser makes the `state` (and Google's `nonce`) and checks them on return;
 * the server only vouches that the method is on, set up, and that the provider sends the browser
 * back to this server's root — never elsewhere.
 */
import type { GithubAuthorizeRequest, GoogleAuthorizeRequest } from '@parley/protocol';
import type { Ctx } from '../../context.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { publicOrigin } from '../invites.js';
import { readSetting } from '../settings.js';

/** The redirect URI when it is this server's root (the provider appends the answer). */
async function rootRedirect(ctx: Ctx, raw: string, requestOrigin: string): Promise<string> {
  let redirect: URL;
  try {
    redirect = new URL(raw);
  } catch {
    throw badRequest('redirect_uri is not a URL');
  }
  const origin = new URL(await publicOrigin(ctx, requestOrigin)).origin;
  if (redirect.origin !== origin || redirect.username || redirect.password)
    throw badRequest('redirect_uri must be on this server');
  if (redirect.pathname !== '/' || redirect.search || redirect.hash)
    throw badRequest('redirect_uri must be the server root without query or fragment');
  return redirect.href;
}

/** `POST /token/github/authorize`. */
export async function githubAuthorize(
  ctx: Ctx,
  req: GithubAuthorizeRequest,
  requestOrigin: string,
  address: string,
): Promise<{ url: string }> {
  if (!(await readSetting(ctx.store, 'loginConfig')).github) throw forbidden('GitHub sign-in is disabled');
  const { client_id, client_secret } = await readSetting(ctx.store, 'githubAuth');
  if (!client_id || !client_secret) throw new AppError('unavailable', 'GitHub sign-in is not set up');
  await ctx.limits.lookup(address);
  const url = new URL(`${ctx.config.signin.githubUrl}/login/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id,
    redirect_uri: await rootRedirect(ctx, req.redirect_uri, requestOrigin),
    scope: 'read:user user:email',
    state: req.state,
    allow_signup: 'true',
  }).toString();
  return { url: url.href };
}

/** `POST /token/google/authorize`: the implicit ID-token request of Google's OAuth 2.0 endpoint. */
export async function googleAuthorize(
  ctx: Ctx,
  req: GoogleAuthorizeRequest,
  requestOrigin: string,
  address: string,
): Promise<{ url: string }> {
  if (!(await readSetting(ctx.store, 'loginConfig')).google) throw forbidden('Google sign-in is disabled');
  const { client_id } = await readSetting(ctx.store, 'googleAuth');
  if (!client_id) throw new AppError('unavailable', 'Google sign-in is not set up');
  await ctx.limits.lookup(address);
  const url = new URL(ctx.config.signin.googleAuthUrl);
  url.search = new URLSearchParams({
    client_id,
    redirect_uri: await rootRedirect(ctx, req.redirect_uri, requestOrigin),
    response_type: 'id_token',
    scope: 'openid email profile',
    state: req.state,
    nonce: req.nonce,
    prompt: 'select_account',
  }).toString();
  return { url: url.href };
}
