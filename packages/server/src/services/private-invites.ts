/**
 * Private channel invites (API.md §15.7): a link `{frontend}/#/invite_private/{gid}?magic_token=…`
 * that lets a signed-in user join the channel. Stored like sign-up invites (hashed, with expiry
 * and use limit), as kind `private`; it works only while its creator could still invite.
 */
import { LIMITS, type Group, type PrivateInviteQuery } from '@parley/protocol';
import { randomToken, sha256 } from '../auth/tokens.js';
import type { Actor, Ctx } from '../context.js';
import { AppError, badRequest } from '../errors.js';
import { requireInvite, requireJoiner } from '../policy/index.js';
import { getGroup, joinGroupEvents } from './groups.js';
import { findUsableInvite, publicOrigin } from './invites.js';

export async function createPrivateInviteLink(
  ctx: Ctx,
  actor: Actor,
  q: PrivateInviteQuery,
  origin: string,
): Promise<string> {
  await requireInvite(ctx, actor, q.gid);
  const group = await ctx.store.groups.get(q.gid);
  if (group?.is_public) throw badRequest('a public channel needs no invite');
  const token = randomToken(24);
  const now = ctx.now();
  await ctx.store.invites.create({
    token_hash: sha256(token),
    kind: 'private',
    gid: q.gid,
    created_by: actor.uid,
    created_at: now,
    expires_at: now + (q.expired_in ?? LIMITS.inviteDefaultSeconds) * 1000,
    max_times: q.max_times ?? LIMITS.inviteUnlimitedUses,
    used_times: 0,
  });
  return `${await publicOrigin(ctx, origin)}/#/invite_private/${q.gid}?magic_token=${token}`;
}

const invalid = () => new AppError('conflict', 'the invite link is invalid or expired');

/** Joins the invite's channel: 409 invalid or expired, 412 already a member, 400 a public channel. */
export async function joinPrivate(ctx: Ctx, actor: Actor, token: string): Promise<Group> {
  requireJoiner(actor);
  const invite = token ? await findUsableInvite(ctx, token, ['private']) : undefined;
  if (!invite || invite.gid === null) throw invalid();
  const gid = invite.gid;
  const group = await ctx.store.groups.get(gid);
  if (!group) throw invalid();
  if (group.is_public) throw badRequest('a public channel needs no invite');
  if (await ctx.store.groups.isMember(gid, actor.uid))
    throw new AppError('precondition_failed', 'you are already in this channel');
  const before = await ctx.store.groups.members(gid);
  await ctx.store.transaction(async (tx) => {
    if (!(await tx.invites.consume(invite.token_hash, ctx.now()))) throw invalid();
    await tx.groups.addMembers(gid, [actor.uid], ctx.now());
  });
  await joinGroupEvents(ctx, gid, [actor.uid], before);
  return getGroup(ctx, actor, gid);
}
