/**
 * Two-factor sign-in (docs/api.md, "Two-factor sign-in"): who has a second factor of their own,
 * and who resets someone else's.
 */
import type { Actor, Ctx } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import type { UserRecord } from '../store/types.js';
import { requireAdmin } from './index.js';

/** People who sign in themselves: not guests, not bots, not accounts an embedding site made. */
export function requireOwnSecondFactor(actor: Actor): void {
  if (actor.isGuest || actor.user.is_bot || actor.user.create_by === 'thirdparty')
    throw forbidden('this account signs in without a second factor');
}

/** The member whose second factor an administrator reads or resets: 403 for non-admins, 404 unknown. */
export async function loadSecondFactorSubject(ctx: Ctx, actor: Actor, uid: number): Promise<UserRecord> {
  requireAdmin(actor);
  const user = await ctx.store.users.get(uid);
  if (!user || user.create_by === 'guest') throw notFound('no such user');
  return user;
}
