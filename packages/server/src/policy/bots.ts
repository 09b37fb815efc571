/** Who may manage bots, and which users are bots (issue 13). */
import type { Actor, Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { UserRecord } from '../store/types.js';
import { requireAdmin } from './index.js';

/** A bot an administrator manages: 403 for anyone else, 404 for an unknown uid or a user who is not a bot. */
export async function loadManagedBot(ctx: Ctx, actor: Actor, uid: number): Promise<UserRecord> {
  requireAdmin(actor);
  const user = await ctx.store.users.get(uid);
  if (!user || !user.is_bot) throw notFound('no such bot');
  return user;
}

/** A key authenticates only a bot that still exists and is not frozen. */
export const botMayAct = (user: UserRecord | undefined): user is UserRecord =>
  user !== undefined && user.is_bot && user.status !== 'frozen';
