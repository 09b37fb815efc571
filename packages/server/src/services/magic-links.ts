/**
 * Magic links (API.md §4.2, §15.7): a login link for a known address, a sign-up link for an unknown
 * one while anyone may sign up. Tokens are random, stored as SHA-256, valid 15 minutes and single
 * use; only the POST of the page the link opens spends one, never a GET (mail scanners follow links).
 * The answer to "send me a link" is the same whether or not the address has an account.
 */
import {
  type LoginRequest,
  type LoginResponse,
  type MagicLinkCredential,
  type SendRegMagicLinkRequest,
  type SendRegMagicLinkResponse,
} from '@parley/protocol';
import { hashPassword } from '../auth/passwords.js';
import { isCanonicalBase64url, randomToken, sha256 } from '../auth/tokens.js';
import type { Ctx } from '../context.js';
import { AppError, conflict, forbidden, unauthorized } from '../errors.js';
import type { MagicTokenRecord, UserRecord } from '../store/types.js';
import { findUsableInvite, isUsableInvite, publicOrigin } from './invites.js';
import { isSmtpEnabled, sendLinkMail } from './mail.js';
import { cleanName } from './names.js';
import { issueSession, login } from './sessions.js';
import { socialLogin } from './signin/index.js';
import { thirdPartyLogin } from './signin/third-party.js';
import { readSetting } from './settings.js';
import { requireNoSecondFactor } from './two-factor/challenge.js';
import { normaliseEmail } from './email-address.js';
import { availableName, createAccount } from './users.js';

export const MAGIC_LINK_MINUTES = 15;
const TTL_MS = MAGIC_LINK_MINUTES * 60_000;

/** What `send_login_magic_link` answers, whatever happened. */
export const MAGIC_LINK_SENT = 'If the address can sign in here, a link is on its way.';

interface Request {
  /** The client's IP address, for the rate limit. */
  address: string;
  /** The request's origin, for links when PUBLIC_URL is not set. */
  origin: string;
  /** The Accept-Language header: the language of a mail to an address without an account. */
  language: string | null;
}

export async function sendLoginMagicLink(ctx: Ctx, rawEmail: string, r: Request): Promise<string> {
  const config = await readSetting(ctx.store, 'loginConfig');
  if (!config.magic_link) throw new AppError('not_acceptable', 'magic links are disabled');
  if (!(await isSmtpEnabled(ctx))) throw new AppError('unavailable', 'mail is not set up on this server');
  const email = normaliseEmail(rawEmail);
  await ctx.limits.magicLink(r.address, email);
  const user = await ctx.store.users.getByEmail(email);
  const known = user !== undefined && user.create_by !== 'guest' && !user.is_bot;
  if (!known && config.who_can_sign_up !== 'EveryOne') return MAGIC_LINK_SENT;
  const token = await createToken(ctx, {
    kind: known ? 'login' : 'register',
    email,
    password_hash: null,
    invite_hash: null,
    language: known ? user.language : r.language,
  });
  const origin = await publicOrigin(ctx, r.origin);
  const link = `${origin}/?magic_token=${token}&exists=${known}#/login`;
  await sendLinkMail(ctx, known ? 'login' : 'register', email, known ? user.language : r.language, { link });
  return MAGIC_LINK_SENT;
}

/**
 * The sign-up form's first step: with SMTP on the address is confirmed by mail; with SMTP off the
 * token comes back at once and the client goes straight to choosing a name (API.md §4.2).
 */
export async function sendRegMagicLink(
  ctx: Ctx,
  req: SendRegMagicLinkRequest,
  r: Request,
): Promise<SendRegMagicLinkResponse> {
  await ctx.limits.register(r.address);
  if ((await ctx.store.users.count()) === 0) throw forbidden('the server is not set up yet');
  const config = await readSetting(ctx.store, 'loginConfig');
  if (!config.password) throw forbidden('password sign-up is disabled');
  const inviteToken = req.magic_token?.trim() || undefined;
  const invite = inviteToken ? await findUsableInvite(ctx, inviteToken) : undefined;
  if (inviteToken && !invite) throw new AppError('precondition_failed', 'invite link is invalid or expired');
  if (config.who_can_sign_up === 'InvitationOnly' && !invite)
    throw forbidden('sign-up is by invitation only');
  const email = normaliseEmail(req.email);
  if (await ctx.store.users.getByEmail(email)) throw conflict('email_conflict');
  const mail = await isSmtpEnabled(ctx);
  if (mail) await ctx.limits.magicLink(r.address, email);
  const token = await createToken(ctx, {
    kind: 'register',
    email,
    password_hash: await hashPassword(req.password, ctx.config.passwordHashing),
    invite_hash: invite?.token_hash ?? null,
    language: r.language,
  });
  if (!mail) return { new_magic_token: token, mail_is_sent: false };
  const origin = await publicOrigin(ctx, r.origin);
  const gid = invite?.gid ? `&gid=${invite.gid}` : '';
  const link = `${origin}/?email=${encodeURIComponent(email)}${gid}&magic_token=${token}#/register/set_name`;
  await sendLinkMail(ctx, 'register', email, r.language, { link });
  return { new_magic_token: '', mail_is_sent: true };
}

async function createToken(
  ctx: Ctx,
  t: Omit<MagicTokenRecord, 'token_hash' | 'created_at' | 'expires_at' | 'spent_at'>,
): Promise<string> {
  const token = randomToken(24);
  const now = ctx.now();
  await ctx.store.magicTokens.create({
    ...t,
    token_hash: sha256(token),
    created_at: now,
    expires_at: now + TTL_MS,
    spent_at: null,
  });
  // Spent and expired tokens are of no use to anyone: cleared as new ones are made.
  await ctx.store.magicTokens.deleteExpired(now - TTL_MS);
  return token;
}

/** An unexpired, unspent magic token, or undefined; never says which check failed. */
async function findUsable(ctx: Ctx, token: string): Promise<MagicTokenRecord | undefined> {
  if (!token || token.length > 64 || !isCanonicalBase64url(token)) return undefined;
  const found = await ctx.store.magicTokens.get(sha256(token));
  if (!found || found.spent_at !== null || found.expires_at <= ctx.now()) return undefined;
  return found;
}

/** `POST /token/login`: each credential to its method. */
export function signIn(ctx: Ctx, req: LoginRequest, address: string): Promise<LoginResponse> {
  const { credential } = req;
  if (credential.type === 'magiclink')
    return loginWithMagicLink(ctx, credential, req.device, req.device_token ?? null, address);
  if (credential.type === 'password') return login(ctx, { ...req, credential }, address);
  if (credential.type === 'thirdparty') return thirdPartyLogin(ctx, { ...req, credential }, address);
  return socialLogin(ctx, { ...req, credential }, address);
}

/** `check_magic_token`: an unspent invite or sign-up link (API.md §15.7); never says why not. */
export async function isUsableToken(ctx: Ctx, token: string, address: string): Promise<boolean> {
  if (await isUsableInvite(ctx, token, address)) return true;
  return (await findUsable(ctx, token))?.kind === 'register';
}

/**
 * The `magiclink` credential: a login token signs its account in; a sign-up token with a name
 * creates the account (410 without one, as the client then asks for a name). Every refusal
 * leaves the token unspent and creates nothing.
 */
export async function loginWithMagicLink(
  ctx: Ctx,
  credential: MagicLinkCredential,
  device: string | undefined,
  deviceToken: string | null,
  address: string,
): Promise<LoginResponse> {
  await ctx.limits.lookup(address);
  const found = await findUsable(ctx, credential.magic_token);
  if (!found) throw unauthorized('the link is invalid, expired or used');
  const config = await readSetting(ctx.store, 'loginConfig');
  if (found.kind === 'login') {
    if (!config.magic_link) throw forbidden('magic links are disabled');
    const user = await ctx.store.users.getByEmail(found.email);
    if (!user || user.create_by === 'guest') throw unauthorized('the link is invalid, expired or used');
    if (user.status === 'frozen') throw new AppError('locked', 'account is frozen');
    if (!(await ctx.store.magicTokens.spend(found.token_hash, ctx.now())))
      throw unauthorized('the link is invalid, expired or used');
    await requireNoSecondFactor(ctx, user, device, deviceToken);
    return issueSession(ctx, user, device, deviceToken);
  }
  const user = await signUpByLink(ctx, found, credential.extra_name ?? '', config.who_can_sign_up);
  return issueSession(ctx, user, device ?? 'browser', deviceToken);
}

async function signUpByLink(
  ctx: Ctx,
  found: MagicTokenRecord,
  extraName: string,
  whoCanSignUp: string,
): Promise<UserRecord> {
  if (!extraName.trim()) throw new AppError('gone', 'no account for this address yet: choose a name');
  if (whoCanSignUp !== 'EveryOne' && !found.invite_hash) throw forbidden('sign-up is by invitation only');
  if (await ctx.store.users.getByEmail(found.email)) throw conflict('email_conflict');
  const invite = found.invite_hash ? await ctx.store.invites.get(found.invite_hash) : undefined;
  const name = await availableName(ctx.store, cleanName(extraName));
  const now = ctx.now();
  return createAccount(
    ctx,
    {
      email: found.email,
      name,
      gender: 0,
      language: found.language?.split(',')[0]?.split(';')[0]?.trim().slice(0, 35) || 'en-US',
      is_admin: false,
      is_bot: false,
      avatar_updated_at: 0,
      create_by: 'magiclink',
      password_hash: found.password_hash,
      status: 'normal',
      created_at: now,
      updated_at: now,
    },
    {
      inviteGid: invite?.gid ?? undefined,
      inviteHash: found.invite_hash ?? undefined,
      claim: async (tx) => {
        if (!(await tx.magicTokens.spend(found.token_hash, now)))
          throw unauthorized('the link is invalid, expired or used');
        if (found.invite_hash && !(await tx.invites.consume(found.invite_hash, now)))
          throw new AppError('precondition_failed', 'invite link is invalid or expired');
      },
    },
  );
}
