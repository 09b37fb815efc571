/** Registration invite links: random tokens stored hashed, with an expiry and a use limit. */
import { LIMITS, type RegMagicLinkQuery } from '@parley/protocol';
import { isCanonicalBase64url, randomToken, sha256 } from '../auth/tokens.js';
import type { Actor, Ctx } from '../context.js';
import type { InviteRecord, Store } from '../store/types.js';
import { requireInvite } from '../policy/index.js';

export async function createRegistrationLink(
  ctx: Ctx,
  actor: Actor,
  q: RegMagicLinkQuery,
  origin: string,
): Promise<string> {
  await requireInvite(ctx, actor, q.gid);
  const token = randomToken(24);
  const now = ctx.now();
  await ctx.store.invites.create({
    token_hash: sha256(token),
    kind: 'register',
    gid: q.gid ?? null,
    created_by: actor.uid,
    created_at: now,
    expires_at: now + (q.expired_in ?? LIMITS.inviteDefaultSeconds) * 1000,
    max_times: q.max_times ?? LIMITS.inviteUnlimitedUses,
    used_times: 0,
  });
  const base = ctx.config.publicUrl ?? origin;
  return `${base}/?magic_token=${token}#/register`;
}

export async function findUsableInvite(ctx: Ctx, token: string): Promise<InviteRecord | undefined> {
  if (!isCanonicalBase64url(token)) return undefined;
  const invite = await ctx.store.invites.get(sha256(token));
  if (!invite || invite.expires_at <= ctx.now() || invite.used_times >= invite.max_times) return undefined;
  return invite;
}

export const consumeInvite = (store: Store, token: string, now: number): Promise<boolean> =>
  store.invites.consume(sha256(token), now);

/** Whether an invite token can still be used (API.md §15.7); never says why not. */
export async function isUsableInvite(ctx: Ctx, token: string): Promise<boolean> {
  return token.length > 0 && (await findUsableInvite(ctx, token)) !== undefined;
}
