/**
 * Who may keep conversation settings and contacts, and who may write to whom (API.md §4.3):
 * guests have neither; a user who blocked you refuses your direct messages; with
 * `contact_verification_enable` only people who added you as a contact may write to you.
 */
import type { Actor, Ctx } from '../context.js';
import { badRequest, forbidden } from '../errors.js';
import { readSetting } from '../services/settings.js';
import { requireChannelsAllow } from './channel-switches.js';

export function requireSettingsOwner(actor: Actor): void {
  if (actor.isGuest) throw forbidden('guests have no conversation settings');
}

export function requireContactsOwner(actor: Actor): void {
  if (actor.isGuest) throw forbidden('guests have no contacts');
}

/** Adding a contact: not oneself; non-administrators only while `add_friend_enable` is on. */
export async function requireContactChange(ctx: Ctx, actor: Actor, targetUid: number, add: boolean) {
  requireContactsOwner(actor);
  if (targetUid === actor.uid) throw badRequest('you are not your own contact');
  if (!add || actor.isAdmin) return;
  const common = await readSetting(ctx.store, 'systemCommon');
  if (!common.add_friend_enable) throw forbidden('adding contacts is disabled by the administrator');
  await requireChannelsAllow(ctx, actor, targetUid, 'add_friend');
}

/** User search unless the administrator turned it off (administrators always search). */
export async function requireUserSearch(ctx: Ctx, actor: Actor): Promise<void> {
  if (actor.isGuest) throw forbidden('guests cannot search users');
  if (actor.isAdmin) return;
  const common = await readSetting(ctx.store, 'systemCommon');
  if (!common.search_user_enable) throw forbidden('user search is disabled by the administrator');
}

/**
 * The recipient's say over a direct message from `actor` (self-DMs always pass): 403 when the
 * recipient blocked the sender; with contact verification on, 403 unless the recipient added the
 * sender (administrators are exempt from verification, not from blocks).
 */
export async function requireNotBlocked(
  ctx: Ctx,
  actor: Actor,
  uid: number,
  verification: boolean,
): Promise<void> {
  if (uid === actor.uid) return;
  const contact = await ctx.store.contacts.get(uid, actor.uid);
  if (contact?.status === 'blocked') throw forbidden('this user blocked you');
  if (verification && !actor.isAdmin && contact?.status !== 'added') {
    throw forbidden('this user has not added you as a contact');
  }
}
