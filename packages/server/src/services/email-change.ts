/**
 * Changing one's e-mail address (docs/api.md, "Changing the e-mail address"). With mail set up the
 * change waits for a link mailed to the new address (random token stored as SHA-256, single use,
 * 15 minutes) and the old address gets a notice; without mail it happens at once. The current
 * password is asked of accounts that have one, under the login limit. Sessions are untouched.
 */
import type { ChangeEmailRequest, ChangeEmailResponse, ConfirmEmailChangeResponse } from '@parley/protocol';
import { verifyPassword } from '../auth/passwords.js';
import { isCanonicalBase64url, randomToken, sha256 } from '../auth/tokens.js';
import type { Actor, Ctx } from '../context.js';
import { AppError, badRequest, conflict, forbidden } from '../errors.js';
import { requireOwnEmailChange } from '../policy/email-change.js';
import { publicOrigin } from './invites.js';
import { isSmtpEnabled, sendLinkMail } from './mail.js';
import { normaliseEmail } from './email-address.js';
import { applyUserUpdate } from './users.js';
import { userInfo } from './views.js';

export const EMAIL_CHANGE_MINUTES = 15;
const TTL_MS = EMAIL_CHANGE_MINUTES * 60_000;

const invalidLink = () => new AppError('gone', 'the link is invalid, expired or used');

export async function requestEmailChange(
  ctx: Ctx,
  actor: Actor,
  req: ChangeEmailRequest,
  r: { address: string; origin: string },
): Promise<ChangeEmailResponse> {
  requireOwnEmailChange(actor);
  const email = normaliseEmail(req.email);
  if (email === actor.user.email) throw badRequest('this is already your address');
  const mail = await isSmtpEnabled(ctx);
  await confirmPassword(ctx, actor, req.password, r.address, mail);
  const holder = await ctx.store.users.getByEmail(email);
  if (holder && holder.uid !== actor.uid) throw conflict('email_conflict');
  if (!mail) {
    const user = await applyUserUpdate(ctx, actor.uid, { email });
    return { mail_sent: false, expires_in_minutes: 0, user: userInfo(user) };
  }
  await ctx.limits.magicLink(r.address, email);
  const token = randomToken(24);
  const now = ctx.now();
  await ctx.store.emailChanges.create({
    token_hash: sha256(token),
    uid: actor.uid,
    email,
    created_at: now,
    expires_at: now + TTL_MS,
    spent_at: null,
  });
  await ctx.store.emailChanges.deleteExpired(now - TTL_MS);
  const origin = await publicOrigin(ctx, r.origin);
  const language = actor.user.language;
  await sendLinkMail(ctx, 'email_change', email, language, {
    link: `${origin}/#/confirm_email/${token}`,
    email,
  });
  if (actor.user.email)
    await sendLinkMail(ctx, 'email_notice', actor.user.email, language, { link: `${origin}/`, email });
  return { mail_sent: true, expires_in_minutes: EMAIL_CHANGE_MINUTES, user: userInfo(actor.user) };
}

/**
 * The current password, when the account has one; an account without one (made by a mail link)
 * proves itself by its mail instead, so it needs mail to be set up.
 */
async function confirmPassword(
  ctx: Ctx,
  actor: Actor,
  password: string | undefined,
  address: string,
  mail: boolean,
): Promise<void> {
  const hash = actor.user.password_hash;
  if (!hash) {
    if (!mail) throw forbidden('mail is not set up: this account cannot change its address');
    return;
  }
  const attempt = await ctx.loginLimit.reserve(
    address,
    actor.user.email ?? `uid:${actor.uid}`,
    'change_email',
  );
  if (!password || !(await verifyPassword(hash, password))) {
    attempt.failed('wrong password');
    throw forbidden('wrong password');
  }
  await attempt.succeeded();
}

/** The link's page: the address changes (and `users_log` goes out) or nothing does. */
export async function confirmEmailChange(
  ctx: Ctx,
  token: string,
  address: string,
): Promise<ConfirmEmailChangeResponse> {
  await ctx.limits.lookup(address);
  if (token.length > 64 || !isCanonicalBase64url(token)) throw invalidLink();
  const found = await ctx.store.emailChanges.get(sha256(token));
  if (!found || found.spent_at !== null || found.expires_at <= ctx.now()) throw invalidLink();
  const holder = await ctx.store.users.getByEmail(found.email);
  if (holder && holder.uid !== found.uid) throw conflict('email_conflict');
  const user = await applyUserUpdate(ctx, found.uid, { email: found.email }, async (tx) => {
    if (!(await tx.emailChanges.spend(found.token_hash, ctx.now()))) throw invalidLink();
  });
  return { email: user.email ?? found.email };
}
