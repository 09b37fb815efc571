/**
 * Contacts and user search (API.md §4.3): each user's own list of people added or blocked. A
 * change reaches the user's other devices as `user_settings_changed`; the other person is never
 * told (a block is not announced).
 */
import {
  USER_SEARCH_NOT_FOUND,
  type Contact,
  type SearchUserRequest,
  type UpdateContactStatusRequest,
  type UserInfo,
} from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { requireContactChange, requireContactsOwner, requireUserSearch } from '../policy/conversations.js';
import { requireVisibleUsers, searchMayFind } from '../policy/directory.js';
import type { UserRecord } from '../store/types.js';
import { retract } from './directory-retraction.js';
import { publishSettingsChanged } from './user-settings.js';
import { userInfo } from './views.js';

/** `[]` for guests, as for someone with no contacts (the client calls this at every boot). */
export async function listContacts(ctx: Ctx, actor: Actor): Promise<Contact[]> {
  if (actor.isGuest) return [];
  const rows = await ctx.store.contacts.list(actor.uid);
  const users = new Map(
    (await ctx.store.users.getMany(rows.map((r) => r.target_uid))).map((u) => [u.uid, u]),
  );
  return rows.flatMap((row) => {
    const user = users.get(row.target_uid);
    if (!user) return [];
    const { status, created_at, updated_at } = row;
    return [
      {
        target_uid: row.target_uid,
        target_info: userInfo(user),
        contact_info: { status, created_at, updated_at },
      },
    ];
  });
}

/** add → added, block → blocked, remove and unblock → no status (SPEC §4 "Contact status"). */
export async function updateContactStatus(
  ctx: Ctx,
  actor: Actor,
  req: UpdateContactStatusRequest,
): Promise<void> {
  requireContactsOwner(actor);
  const target = await ctx.store.users.get(req.target_uid);
  if (!target || target.create_by === 'guest') throw notFound('no such user');
  await requireVisibleUsers(ctx, actor, [req.target_uid]);
  await requireContactChange(ctx, actor, req.target_uid, req.action === 'add');
  if (req.action === 'add' || req.action === 'block') {
    const status = req.action === 'add' ? 'added' : 'blocked';
    const row = await ctx.store.contacts.set(actor.uid, req.target_uid, status, ctx.now());
    const info = { status: row.status, created_at: row.created_at, updated_at: row.updated_at };
    await publishSettingsChanged(ctx, actor, { add_contacts: [{ target_uid: req.target_uid, info }] });
    return;
  }
  const current = await ctx.store.contacts.get(actor.uid, req.target_uid);
  // Unblocking someone who is only added keeps them added; removing drops either status.
  if (!current || (req.action === 'unblock' && current.status !== 'blocked')) return;
  await ctx.store.contacts.remove(actor.uid, req.target_uid);
  await publishSettingsChanged(ctx, actor, { remove_contacts: [req.target_uid] });
  // The contact may have been all that made them visible (docs/api.md "Member directory").
  await retract(ctx, [[actor.uid, req.target_uid]]);
}

/** One user by exact id, email or name (names case-insensitively); never a guest. */
export async function searchUser(ctx: Ctx, actor: Actor, req: SearchUserRequest): Promise<UserInfo> {
  await requireUserSearch(ctx, actor);
  const keyword = req.keyword.trim();
  let found: UserRecord | undefined;
  if (req.search_type === 'id') {
    if (/^[1-9]\d{0,15}$/.test(keyword)) found = await ctx.store.users.get(Number(keyword));
  } else if (req.search_type === 'email') {
    found = await ctx.store.users.getByEmail(keyword.toLowerCase());
  } else {
    found = await ctx.store.users.getByName(keyword);
  }
  if (!found || found.create_by === 'guest' || !(await searchMayFind(ctx, actor, found.uid))) {
    throw notFound(USER_SEARCH_NOT_FOUND);
  }
  return userInfo(found);
}
