/**
 * Invitations by e-mail (issue 12): an administrator mails a single-use sign-up link to an
 * address without an account. The link is an ordinary invite (`invites`, one use, an expiry) plus
 * the channels its account joins (`email_invites`); registering with it — by password, sign-in
 * link or an outside identity — spends it and joins those channels. The mail goes out before the
 * answer so the administrator learns of a refusal (503); a refused mail leaves no invite behind.
 */
import type { EmailInviteRequest } from '@parley/protocol';
import { randomToken, sha256 } from '../auth/tokens.js';
import type { Actor, Ctx } from '../context.js';
import { AppError, badRequest, conflict, notFound } from '../errors.js';
import { deliver, isPlainAddress, MailError } from '../mail/smtp.js';
import { renderMail } from '../mail/templates.js';
import { requireAdmin } from '../policy/index.js';
import type { Store } from '../store/types.js';
import { publicOrigin } from './invites.js';
import { isSmtpEnabled } from './mail.js';
import { readSetting } from './settings.js';
import { normaliseEmail } from './email-address.js';
import { recordIn } from './audit.js';

const DEFAULT_SECONDS = 7 * 24 * 3600;

/** `POST /invites/email`. */
export async function inviteByEmail(
  ctx: Ctx,
  actor: Actor,
  req: EmailInviteRequest,
  origin: string,
): Promise<void> {
  requireAdmin(actor);
  const email = normaliseEmail(req.email);
  if (!isPlainAddress(email)) throw badRequest('invalid address');
  const gids = [...new Set(req.gids)];
  for (const gid of gids) if (!(await ctx.store.groups.get(gid))) throw notFound('no such channel');
  if (await ctx.store.users.getByEmail(email)) throw conflict('email_conflict');
  if (!(await isSmtpEnabled(ctx))) throw new AppError('unavailable', 'SMTP is not enabled');

  const token = randomToken(24);
  const tokenHash = sha256(token);
  const now = ctx.now();
  const target = `invite:${tokenHash.slice(0, 12)}`;
  // The invite and its audit entry commit together; an invite whose mail fails is withdrawn.
  await ctx.store.transaction(async (tx) => {
    await recordIn(tx, ctx, actor, 'invite.email', target, email);
    await tx.invites.create({
      token_hash: tokenHash,
      kind: 'register',
      gid: null,
      created_by: actor.uid,
      created_at: now,
      expires_at: now + (req.expired_in ?? DEFAULT_SECONDS) * 1000,
      max_times: 1,
      used_times: 0,
    });
    await tx.emailInvites.create({ token_hash: tokenHash, email, gids });
  });
  const link = `${await publicOrigin(ctx, origin)}/?magic_token=${token}#/register`;
  const org = (await readSetting(ctx.store, 'organization')).name;
  const mail = renderMail('invite', req.language ?? actor.user.language, {
    org,
    link,
    inviter: actor.user.name,
  });
  try {
    await deliver(await readSetting(ctx.store, 'smtp'), { to: email, ...mail });
  } catch (err) {
    await ctx.store.transaction(async (tx) => {
      await tx.invites.delete(tokenHash);
      await recordIn(tx, ctx, actor, 'invite.email', target, `${email}: not sent, withdrawn`);
    });
    if (err instanceof MailError) throw new AppError('unavailable', `mail server: ${err.answer}`);
    throw err;
  }
}

/**
 * Inside the transaction that creates an account with invite `tokenHash`: joins the private
 * channels an e-mail invitation names (public ones need nothing); the channels joined.
 */
export async function joinEmailInviteChannels(
  tx: Store,
  tokenHash: string | undefined,
  uid: number,
  now: number,
): Promise<number[]> {
  if (!tokenHash) return [];
  const invite = await tx.emailInvites.get(tokenHash);
  const joined: number[] = [];
  for (const gid of invite?.gids ?? []) {
    const group = await tx.groups.get(gid);
    if (!group || group.is_public) continue;
    await tx.groups.addMembers(gid, [uid], now);
    joined.push(gid);
  }
  return joined;
}
