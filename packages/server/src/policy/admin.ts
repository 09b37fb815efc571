/**
 * Member administration (API.md §11.1): which member an administrator may change, delete or
 * freeze. The server always keeps one administrator who can sign in, and the founder (uid 1)
 * cannot be deleted.
 */
import type { Actor, Ctx } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import type { UserRecord } from '../store/types.js';
import { requireAdmin } from './index.js';

export const FOUNDER_UID = 1;

/** A member (not a guest) an administrator manages: 403 for anyone else, 404 when unknown. */
export async function loadAdministered(ctx: Ctx, actor: Actor, uid: number): Promise<UserRecord> {
  requireAdmin(actor);
  const user = await ctx.store.users.get(uid);
  if (!user || user.create_by === 'guest') throw notFound('no such user');
  return user;
}

/** Nobody deletes themselves here (that is `DELETE /user`) nor the founder. */
export function requireDeletable(actor: Actor, target: UserRecord): void {
  if (target.uid === actor.uid) throw forbidden('administrators cannot delete themselves here');
  if (target.uid === FOUNDER_UID) throw forbidden('the founder cannot be deleted');
}

/**
 * A change that takes away an administrator who can sign in (demotion or freezing) needs another
 * one left; and nobody freezes themselves.
 */
export async function requireAdminRemains(
  ctx: Ctx,
  actor: Actor,
  target: UserRecord,
  change: { isAdmin?: boolean; frozen?: boolean },
): Promise<void> {
  if (change.frozen && target.uid === actor.uid) throw forbidden('administrators cannot freeze themselves');
  const losesAdmin = target.is_admin && (change.isAdmin === false || change.frozen === true);
  if (!losesAdmin || target.status === 'frozen') return;
  const others = (await ctx.store.users.list()).filter(
    (u) => u.is_admin && u.status !== 'frozen' && u.uid !== target.uid,
  );
  if (others.length === 0) throw forbidden('the last administrator must stay one');
}
