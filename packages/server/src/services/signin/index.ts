/** Sign-in with outside identities: the credentials of `POST /token/login` and `/token/bind`, and their settings. */
import type {
  Credentials,
  GithubAuthConfig,
  GoogleAuthConfig,
  LoginRequest,
  LoginResponse,
  OidcClientsConfig,
  SocialCredential,
} from '@parley/protocol';
import type { Actor, Ctx } from '../../context.js';
import { requireAdmin } from '../../policy/index.js';
import { readSetting, writeSetting } from '../settings.js';
import { bindIdentity, signInWithIdentity, type Identity } from './accounts.js';
import { githubIdentity } from './github.js';
import { googleIdentity } from './google.js';
import { metamaskIdentity } from './metamask.js';
import { identityOf as oidcIdentity } from './oidc.js';
import { audited, settingsDiff } from '../audit.js';

export { authorize as openidAuthorize } from './oidc.js';
export { createNonce as metamaskNonce } from './metamask.js';
export { githubAuthorize, googleAuthorize } from './social-authorize.js';

const SOCIAL = new Set(['oidc', 'github', 'google', 'metamask']);

export const isSocial = (credential: LoginRequest['credential']): credential is SocialCredential =>
  SOCIAL.has(credential.type);

/** The identity a credential proves, or its method's 4xx/503. */
function identityFor(ctx: Ctx, credential: SocialCredential, ip: string): Promise<Identity> {
  switch (credential.type) {
    case 'oidc':
      return oidcIdentity(ctx, credential, ip);
    case 'github':
      return githubIdentity(ctx, credential, ip);
    case 'google':
      return googleIdentity(ctx, credential, ip);
    case 'metamask':
      return metamaskIdentity(ctx, credential, ip);
  }
}

/** `POST /token/login` with a social credential. */
export async function socialLogin(
  ctx: Ctx,
  req: LoginRequest & { credential: SocialCredential },
  ip: string,
): Promise<LoginResponse> {
  const identity = await identityFor(ctx, req.credential, ip);
  return signInWithIdentity(ctx, identity, {
    magicToken: req.credential.magic_token,
    device: req.device,
    deviceToken: req.device_token ?? null,
  });
}

/** `POST /token/bind`. */
export async function bind(ctx: Ctx, actor: Actor, credential: SocialCredential, ip: string): Promise<void> {
  await bindIdentity(ctx, actor, await identityFor(ctx, credential, ip));
}

/** `GET /token/credentials`: how the signed-in account can sign in. */
export async function credentials(ctx: Ctx, actor: Actor): Promise<Credentials> {
  const links = await ctx.store.signin.linksOf(actor.uid);
  return {
    password: actor.user.password_hash !== null,
    google: links.find((l) => l.method === 'google')?.subject ?? null,
    metamask: links.find((l) => l.method === 'metamask')?.subject ?? null,
    oidc: links.filter((l) => l.method === 'oidc').map((l) => l.issuer),
  };
}

export async function getOidcClients(ctx: Ctx, actor: Actor): Promise<OidcClientsConfig> {
  requireAdmin(actor);
  return readSetting(ctx.store, 'oidcClients');
}
export async function setOidcClients(ctx: Ctx, actor: Actor, value: OidcClientsConfig): Promise<void> {
  requireAdmin(actor);
  const before = await readSetting(ctx.store, 'oidcClients');
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'oidcClients', value);
    await audit('settings.signin', 'settings:oidc', settingsDiff(before, value));
  });
}
export async function getGoogleAuth(ctx: Ctx, actor: Actor): Promise<GoogleAuthConfig> {
  requireAdmin(actor);
  return readSetting(ctx.store, 'googleAuth');
}
export async function setGoogleAuth(ctx: Ctx, actor: Actor, value: GoogleAuthConfig): Promise<void> {
  requireAdmin(actor);
  const before = await readSetting(ctx.store, 'googleAuth');
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'googleAuth', value);
    await audit('settings.signin', 'settings:google', settingsDiff(before, value));
  });
}
export async function getGithubAuth(ctx: Ctx, actor: Actor): Promise<GithubAuthConfig> {
  requireAdmin(actor);
  return readSetting(ctx.store, 'githubAuth');
}
export async function setGithubAuth(ctx: Ctx, actor: Actor, value: GithubAuthConfig): Promise<void> {
  requireAdmin(actor);
  const before = await readSetting(ctx.store, 'githubAuth');
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'githubAuth', value);
    await audit('settings.signin', 'settings:github', settingsDiff(before, value));
  });
}

/** The public halves of the Google and GitHub settings (the login page needs the client ids). */
export const googlePublicConfig = async (ctx: Ctx) => ({
  client_id: (await readSetting(ctx.store, 'googleAuth')).client_id,
});
export const githubPublicConfig = async (ctx: Ctx) => ({
  client_id: (await readSetting(ctx.store, 'githubAuth')).client_id,
});
