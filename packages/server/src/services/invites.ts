/**
 * Registration invite links: random tokens stored hashed, with an expiry and a use limit. An
 * invite bound to a private channel lets someone in only as long as its creator could: once the
 * creator has lost access (removed, left, frozen, deleted) it stops working.
 */
import { LIMITS, type InviteInfo, type RegMagicLinkQuery } from '@parley/protocol';
import { isCanonicalBase64url, randomToken, sha256 } from '../auth/tokens.js';
import type { Actor, Ctx } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import type { InviteRecord, Store } from '../store/types.js';
import { requireInvite } from '../policy/index.js';
import { audited } from './audit.js';

export async function createRegistrationLink(
  ctx: Ctx,
  actor: Actor,
  q: RegMagicLinkQuery,
  origin: string,
): Promise<string> {
  await requireInvite(ctx, actor, q.gid);
  const token = randomToken(24);
  const now = ctx.now();
  await audited(ctx, actor, async (tx, audit) => {
    await tx.invites.create({
      token_hash: sha256(token),
      kind: 'register',
      gid: q.gid ?? null,
      created_by: actor.uid,
      created_at: now,
      expires_at: now + (q.expired_in ?? LIMITS.inviteDefaultSeconds) * 1000,
      max_times: q.max_times ?? LIMITS.inviteUnlimitedUses,
      used_times: 0,
    });
    const scope = q.gid === undefined ? 'server' : `channel ${q.gid}`;
    await audit('invite.create', `invite:${sha256(token).slice(0, 12)}`, scope);
  });
  return `${await publicOrigin(ctx, origin)}/?magic_token=${token}#/register`;
}

/**
 * The origin of links Parley hands out: PUBLIC_URL, else the origin the server was first reached
 * at (kept from onboarding, or from the first link made), never a later request's Host header,
 * which anyone can set to send invitees elsewhere.
 */
export async function publicOrigin(ctx: Ctx, requestOrigin: string): Promise<string> {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  const kept = await ctx.store.settings.setIfAbsent<{ origin: string }>('public_origin', {
    origin: requestOrigin,
  });
  return kept.origin;
}

/** An invite of one of `kinds` that can still be used (sign-up links by default). */
export async function findUsableInvite(
  ctx: Ctx,
  token: string,
  kinds: readonly InviteRecord['kind'][] = ['register'],
): Promise<InviteRecord | undefined> {
  if (!isCanonicalBase64url(token)) return undefined;
  const invite = await ctx.store.invites.get(sha256(token));
  if (!invite || !kinds.includes(invite.kind)) return undefined;
  if (invite.expires_at <= ctx.now() || invite.used_times >= invite.max_times) return undefined;
  if (!(await creatorStillAdmits(ctx.store, invite))) return undefined;
  return invite;
}

async function creatorStillAdmits(store: Store, invite: InviteRecord): Promise<boolean> {
  if (invite.gid === null) return true;
  const group = await store.groups.get(invite.gid);
  if (!group || group.is_public) return true;
  const creator = await store.users.get(invite.created_by);
  if (!creator || creator.status === 'frozen') return false;
  return creator.is_admin || store.groups.isMember(group.gid, creator.uid);
}

/**
 * Administrators see every unexpired invite; others those they made and those bound to channels
 * they own. `gid` narrows the list to one channel.
 */
export async function listInvites(ctx: Ctx, actor: Actor, gid: number | undefined): Promise<InviteInfo[]> {
  const invites = await ctx.store.invites.listUnexpired(ctx.now());
  const shown: InviteInfo[] = [];
  for (const invite of invites) {
    if (gid !== undefined && invite.gid !== gid) continue;
    if (await canManage(ctx.store, actor, invite)) shown.push(inviteInfo(invite));
  }
  return shown;
}

export async function revokeInvite(ctx: Ctx, actor: Actor, id: string): Promise<void> {
  const invite = await ctx.store.invites.get(id);
  if (!invite) throw notFound('no such invite');
  if (!(await canManage(ctx.store, actor, invite))) throw forbidden('not your invite');
  await audited(ctx, actor, async (tx, audit) => {
    await tx.invites.delete(id);
    await audit('invite.revoke', `invite:${id.slice(0, 12)}`);
  });
}

async function canManage(store: Store, actor: Actor, invite: InviteRecord): Promise<boolean> {
  if (actor.isAdmin || invite.created_by === actor.uid) return true;
  if (invite.gid === null) return false;
  return (await store.groups.get(invite.gid))?.owner === actor.uid;
}

const inviteInfo = (i: InviteRecord): InviteInfo => ({
  id: i.token_hash,
  gid: i.gid,
  created_by: i.created_by,
  created_at: i.created_at,
  expires_at: i.expires_at,
  max_times: i.max_times,
  used_times: i.used_times,
});

export const consumeInvite = (store: Store, token: string, now: number): Promise<boolean> =>
  store.invites.consume(sha256(token), now);

/**
 * Whether an invite token can still be used (API.md §15.7); never says why not. Limited per
 * address like the other anonymous look-ups.
 */
export async function isUsableInvite(ctx: Ctx, token: string, address: string): Promise<boolean> {
  await ctx.limits.lookup(address);
  return token.length > 0 && (await findUsableInvite(ctx, token, ['register', 'private'])) !== undefined;
}
