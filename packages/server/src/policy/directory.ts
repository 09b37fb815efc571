/**
 * The member directory's rules (issue 13; docs/api.md "Member directory"): a user the actor cannot
 * see is unknown to them (404), whether they look them up, search for them, write to them or add
 * them to a channel or their contacts; with `admins_only` a member's search finds only themselves.
 */
import type { Actor, Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { sees, visibleTo, type Reader } from '../services/directory.js';
import { readSetting } from '../services/settings.js';

/** 404 unless `reader` sees every one of `uids`. */
export async function requireVisibleUsers(ctx: Ctx, reader: Reader, uids: readonly number[]): Promise<void> {
  const others = uids.filter((uid) => uid !== reader.uid);
  if (others.length === 0) return;
  const visible = await visibleTo(ctx, reader);
  const hidden = others.find((uid) => !sees(visible, uid));
  if (hidden !== undefined) throw notFound('no such user');
}

/** Whether a search by this actor may find `uid`. */
export async function searchMayFind(ctx: Ctx, actor: Actor, uid: number): Promise<boolean> {
  if (actor.isAdmin || uid === actor.uid) return true;
  const common = await readSetting(ctx.store, 'systemCommon');
  if (common.directory_visibility === 'admins_only') return false;
  return sees(await visibleTo(ctx, actor), uid);
}
