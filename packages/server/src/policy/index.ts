/**
 * Every permission rule in one place: who may read, manage, create, send, invite and administer.
 * Services ask here instead of testing roles themselves, so one rule cannot drift between two
 * routes (issue 8: `change_type` once allowed what `POST /group` refused). Each function throws
 * the contract's 403/404 or returns what it loaded to decide.
 */
import type { Actor, Ctx } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import type { GroupRecord } from '../store/types.js';
import { readSetting } from '../services/settings.js';
import { requireChannelsAllow } from './channel-switches.js';
import { requireNotBlocked } from './conversations.js';
import { requireVisibleUsers } from './directory.js';

export interface LoadedGroup {
  group: GroupRecord;
  /** The member list; empty for a public channel, which has none. */
  members: number[];
}

/** The channel with its members, or 404 when unknown. Decides nothing about the actor. */
export async function loadGroup(ctx: Ctx, gid: number): Promise<LoadedGroup> {
  const group = await ctx.store.groups.get(gid);
  if (!group) throw notFound('no such channel');
  return { group, members: group.is_public ? [] : await ctx.store.groups.members(gid) };
}

/** Whether the actor may read a channel: everyone reads a public one, members a private one. */
export const canRead = (actor: Actor, { group, members }: LoadedGroup): boolean =>
  group.is_public || members.includes(actor.uid);

/** The channel when the actor may read it; 404 when unknown, 403 when private and not a member. */
export async function loadReadable(ctx: Ctx, actor: Actor, gid: number): Promise<LoadedGroup> {
  const loaded = await loadGroup(ctx, gid);
  if (!canRead(actor, loaded)) throw forbidden('not a member of this channel');
  return loaded;
}

/** Owners manage private channels; administrators manage every channel. */
export async function loadManaged(ctx: Ctx, actor: Actor, gid: number): Promise<LoadedGroup> {
  const loaded = await loadGroup(ctx, gid);
  const isOwner = !loaded.group.is_public && loaded.group.owner === actor.uid;
  if (!isOwner && !actor.isAdmin) throw forbidden('only the owner or an administrator can do this');
  return loaded;
}

/** Members of a private channel (and administrators) may add people to it. */
export async function loadJoinable(ctx: Ctx, actor: Actor, gid: number): Promise<LoadedGroup> {
  const loaded = await loadGroup(ctx, gid);
  if (loaded.group.is_public) throw forbidden('a public channel has no member list');
  if (!loaded.members.includes(actor.uid) && !actor.isAdmin) throw forbidden('not a member of this channel');
  return loaded;
}

/** A private channel the actor is in and does not own (the owner hands it over first). */
export async function loadLeavable(ctx: Ctx, actor: Actor, gid: number): Promise<LoadedGroup> {
  const loaded = await loadGroup(ctx, gid);
  if (loaded.group.is_public) throw forbidden('nobody leaves a public channel');
  if (loaded.group.owner === actor.uid) throw forbidden('the owner must transfer ownership before leaving');
  if (!loaded.members.includes(actor.uid)) throw forbidden('not a member of this channel');
  return loaded;
}

/** Creating a channel: no guests, admins only when so configured, public ones by admins only. */
export async function requireCreateChannel(ctx: Ctx, actor: Actor, isPublic: boolean): Promise<void> {
  if (actor.isGuest) throw forbidden('guests cannot create channels');
  const common = await readSetting(ctx.store, 'systemCommon');
  if (common.only_admin_can_create_group && !actor.isAdmin)
    throw forbidden('only administrators can create channels');
  if (isPublic && !actor.isAdmin) throw forbidden('only administrators can create public channels');
}

/** Guests read but never write messages. */
export function requireSender(actor: Actor): void {
  if (actor.isGuest) throw forbidden('guests cannot send messages');
}

/**
 * Writing in a channel (send, reply): no guests; with `only_owner_can_send_msg` only the owner and
 * administrators (a public channel has no owner, so administrators only). SPEC §8's wording.
 */
export function requireChannelSender(actor: Actor, group: GroupRecord): void {
  requireSender(actor);
  if (!group.only_owner_can_send_msg || actor.isAdmin) return;
  if (group.is_public || group.owner !== actor.uid)
    throw forbidden('Only the channel owner can send messages');
}

/** Direct messages to others need `dm_enable`, except for administrators. */
export async function requireDirectMessage(ctx: Ctx, actor: Actor, uid: number): Promise<void> {
  requireSender(actor);
  await requireVisibleUsers(ctx, actor, [uid]);
  const common = await readSetting(ctx.store, 'systemCommon');
  if (!common.dm_enable && !actor.isAdmin && uid !== actor.uid) {
    throw forbidden('direct messages are disabled by the administrator');
  }
  await requireNotBlocked(ctx, actor, uid, common.contact_verification_enable);
  await requireChannelsAllow(ctx, actor, uid, 'dm_to_member');
}

/** Guests have no profile, avatar, password or sign-in method of their own. */
export function requireAccountOwner(actor: Actor, refusal: string): void {
  if (actor.isGuest) throw forbidden(refusal);
}

/** Guests read public channels only: they never join one, not even with a private invite. */
export function requireJoiner(actor: Actor): void {
  if (actor.isGuest) throw forbidden('guests cannot join channels');
}

/**
 * Inviting people: no guests; non-administrators only when `who_can_invite_users` is on; an invite
 * into a private channel only from its members (or an administrator).
 */
export async function requireInvite(ctx: Ctx, actor: Actor, gid: number | undefined): Promise<void> {
  if (actor.isGuest) throw forbidden('guests cannot invite');
  const common = await readSetting(ctx.store, 'systemCommon');
  if (!actor.isAdmin && !common.who_can_invite_users) throw forbidden('only administrators can invite');
  if (gid === undefined) return;
  const group = await ctx.store.groups.get(gid);
  if (!group) throw notFound('no such channel');
  if (!group.is_public && !actor.isAdmin && !(await ctx.store.groups.isMember(group.gid, actor.uid))) {
    throw forbidden('not a member of this channel');
  }
}

export function requireAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw forbidden('administrators only');
}
