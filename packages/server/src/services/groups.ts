/** Channels: creation, visibility, membership and settings, with the events each change sends. */
import {
  CHANNEL_SWITCHES,
  type ChangeGroupTypeRequest,
  type CreateGroupRequest,
  type CreateGroupResponse,
  type Group,
  type UpdateGroupRequest,
} from '@parley/protocol';
import { blobKeys } from '../blobs/index.js';
import { squareImage } from '../blobs/images.js';
import type { Actor, Ctx } from '../context.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { GroupPatch } from '../store/types.js';
import { groupAudience } from './audience.js';
import {
  loadManaged,
  loadJoinable,
  loadLeavable,
  loadReadable,
  requireCreateChannel,
} from '../policy/index.js';
import { groupChanged, groupView } from './views.js';
import { announceEveryone, isRestricted, pairsAmong, reveal } from './directory.js';
import { retract, retractForEveryone } from './directory-retraction.js';
import { requireVisibleUsers } from '../policy/directory.js';

const GROUP_AVATAR_SIZE = 256;

export async function createGroup(
  ctx: Ctx,
  actor: Actor,
  req: CreateGroupRequest,
): Promise<CreateGroupResponse> {
  await requireCreateChannel(ctx, actor, req.is_public);
  const name = req.name.trim();
  if (!name) throw badRequest('name is empty');
  const requested = req.members ?? [];
  if (req.is_public && requested.length > 0) throw badRequest('a public channel has no member list');
  const members = req.is_public ? [] : await existingUsers(ctx, [actor.uid, ...requested]);
  await requireVisibleUsers(ctx, actor, members);
  const firstPublic = req.is_public && (await isRestricted(ctx));
  const now = ctx.now();
  const group = await ctx.store.transaction(async (tx) => {
    const created = await tx.groups.create({
      name,
      description: req.description?.trim() || null,
      owner: req.is_public ? null : actor.uid,
      is_public: req.is_public,
      avatar_updated_at: 0,
      created_at: now,
    });
    if (members.length > 0) await tx.groups.addMembers(created.gid, members, now);
    return created;
  });
  if (firstPublic) await announceEveryone(ctx);
  else await reveal(ctx, pairsAmong(members, members));
  await ctx.bus.publish({
    audience: groupAudience(group, members),
    event: { type: 'joined_group', group: groupView(group, members) },
  });
  return { gid: group.gid, created_at: now };
}

export async function listGroups(ctx: Ctx, actor: Actor): Promise<Group[]> {
  const groups = await ctx.store.groups.listVisibleTo(actor.uid);
  const members = await ctx.store.groups.membersOf(groups.filter((g) => !g.is_public).map((g) => g.gid));
  const pins = await ctx.store.pins.listFor(groups.map((g) => g.gid));
  return groups.map((g) => groupView(g, members.get(g.gid) ?? [], pins.get(g.gid)));
}

export async function getGroup(ctx: Ctx, actor: Actor, gid: number): Promise<Group> {
  const { group, members } = await loadReadable(ctx, actor, gid);
  return groupView(group, members, await pinsOf(ctx, gid));
}

export async function updateGroup(
  ctx: Ctx,
  actor: Actor,
  gid: number,
  req: UpdateGroupRequest,
): Promise<void> {
  const { group, members } = await loadManaged(ctx, actor, gid);
  const patch: GroupPatch = {};
  if (req.name !== undefined) {
    const name = req.name.trim();
    if (!name) throw badRequest('name is empty');
    patch.name = name;
  }
  if (req.description !== undefined) patch.description = req.description?.trim() || null;
  if (req.owner !== undefined) {
    if (group.is_public) throw badRequest('a public channel has no owner');
    if (!members.includes(req.owner)) throw badRequest('the new owner must be a member');
    patch.owner = req.owner;
  }
  for (const key of CHANNEL_SWITCHES) if (req[key] !== undefined) patch[key] = req[key];
  if (req.ext_setting !== undefined) patch.ext_setting = req.ext_setting;
  if (Object.keys(patch).length === 0) throw badRequest('nothing to update');
  await ctx.store.groups.update(gid, patch);
  const switches = Object.fromEntries(
    [...CHANNEL_SWITCHES, 'ext_setting' as const]
      .filter((k) => patch[k] !== undefined)
      .map((k) => [k, patch[k]]),
  );
  await ctx.bus.publish({
    audience: groupAudience(group, members),
    event: groupChanged(gid, {
      name: patch.name ?? null,
      description: req.description !== undefined ? (patch.description ?? '') : null,
      owner: patch.owner ?? null,
      ...switches,
    }),
  });
}

export async function deleteGroup(ctx: Ctx, actor: Actor, gid: number): Promise<void> {
  const { group, members } = await loadManaged(ctx, actor, gid);
  await ctx.store.transaction(async (tx) => {
    await tx.readIndex.removeTarget({ gid });
    await tx.chatSettings.removeTarget({ gid });
    await tx.groups.delete(gid);
  });
  await ctx.bus.publish({
    audience: groupAudience(group, members),
    event: { type: 'kick_from_group', gid, reason: 'group_deleted' },
  });
  // What the channel shared is gone (docs/api.md "Member directory").
  if (group.is_public) await retractForEveryone(ctx);
  else await retract(ctx, pairsAmong(members, members));
}

export async function changeGroupType(
  ctx: Ctx,
  actor: Actor,
  gid: number,
  req: ChangeGroupTypeRequest,
): Promise<void> {
  const { group, members } = await loadManaged(ctx, actor, gid);
  // The same rule as creating a public channel: otherwise an owner opens a channel to everyone
  // by creating it private and flipping it.
  if (req.is_public && !actor.isAdmin) throw forbidden('only administrators can make a channel public');
  if (group.is_public === req.is_public) return;
  const now = ctx.now();
  if (req.is_public) {
    const firstPublic = await isRestricted(ctx);
    const updated = await ctx.store.transaction(async (tx) => {
      await tx.groups.clearMembers(gid);
      return (await tx.groups.update(gid, { is_public: true, owner: null }))!;
    });
    if (firstPublic) await announceEveryone(ctx);
    const view = groupView(updated, [], await pinsOf(ctx, gid));
    await ctx.bus.publish({
      audience: { kind: 'users', uids: members },
      event: groupChanged(gid, { is_public: true }),
    });
    const others = (await ctx.store.users.listUids()).filter((uid) => !members.includes(uid));
    await ctx.bus.publish({
      audience: { kind: 'users', uids: others },
      event: { type: 'joined_group', group: view },
    });
    return;
  }
  const everyone = await ctx.store.users.listUids();
  const chosen = req.members && req.members.length > 0 ? await existingUsers(ctx, req.members) : everyone;
  await requireVisibleUsers(ctx, actor, chosen);
  const newMembers = [...new Set([actor.uid, ...chosen])];
  const updated = await ctx.store.transaction(async (tx) => {
    await tx.groups.addMembers(gid, newMembers, now);
    return (await tx.groups.update(gid, { is_public: false, owner: actor.uid }))!;
  });
  const view = groupView(
    updated,
    [...newMembers].sort((a, b) => a - b),
    await pinsOf(ctx, gid),
  );
  await ctx.bus.publish({
    audience: { kind: 'users', uids: newMembers },
    event: { type: 'joined_group', group: view },
  });
  const excluded = everyone.filter((uid) => !newMembers.includes(uid));
  await ctx.bus.publish({
    audience: { kind: 'users', uids: excluded },
    event: { type: 'kick_from_group', gid, reason: 'kick' },
  });
  // The last public channel gone: the restricted directory applies (docs/api.md).
  await retractForEveryone(ctx);
}

export async function leaveGroup(ctx: Ctx, actor: Actor, gid: number): Promise<void> {
  const { members } = await loadLeavable(ctx, actor, gid);
  await ctx.store.groups.removeMembers(gid, [actor.uid]);
  await ctx.bus.publish({
    audience: { kind: 'users', uids: members },
    event: { type: 'user_leaved_group', gid, uid: [actor.uid] },
  });
  await retract(ctx, pairsAmong([actor.uid], members));
}

export async function addMembers(ctx: Ctx, actor: Actor, gid: number, uids: number[]): Promise<void> {
  const { members } = await loadJoinable(ctx, actor, gid);
  const wanted = [...new Set(uids)];
  if (wanted.some((uid) => members.includes(uid))) throw badRequest('already a member');
  await existingUsers(ctx, wanted);
  await requireVisibleUsers(ctx, actor, wanted);
  await ctx.store.groups.addMembers(gid, wanted, ctx.now());
  await joinGroupEvents(ctx, gid, wanted, members);
}

/** `joined_group` to the newcomers, `user_joined_group` to those already there. */
export async function joinGroupEvents(
  ctx: Ctx,
  gid: number,
  joined: number[],
  before?: number[],
): Promise<void> {
  const group = await ctx.store.groups.get(gid);
  if (!group) return;
  const members = await ctx.store.groups.members(gid);
  const existing = (before ?? members).filter((uid) => !joined.includes(uid));
  // Before the events that name them: the members now see each other (docs/api.md).
  if (!group.is_public) await reveal(ctx, pairsAmong(joined, members));
  await ctx.bus.publish({
    audience: { kind: 'users', uids: joined },
    event: { type: 'joined_group', group: groupView(group, members, await pinsOf(ctx, gid)) },
  });
  await ctx.bus.publish({
    audience: { kind: 'users', uids: existing },
    event: { type: 'user_joined_group', gid, uid: joined },
  });
}

export async function removeMembers(ctx: Ctx, actor: Actor, gid: number, uids: number[]): Promise<void> {
  const { group, members } = await loadManaged(ctx, actor, gid);
  if (group.is_public) throw forbidden('a public channel has no member list');
  const removing = [...new Set(uids)];
  if (removing.includes(group.owner ?? -1)) throw forbidden('the owner cannot be removed');
  if (removing.some((uid) => !members.includes(uid))) throw notFound('not a member of this channel');
  await ctx.store.groups.removeMembers(gid, removing);
  await ctx.bus.publish({
    audience: { kind: 'users', uids: removing },
    event: { type: 'kick_from_group', gid, reason: 'kick' },
  });
  const remaining = members.filter((uid) => !removing.includes(uid));
  await ctx.bus.publish({
    audience: { kind: 'users', uids: remaining },
    event: { type: 'user_leaved_group', gid, uid: removing },
  });
  await retract(ctx, pairsAmong(removing, members));
}

export async function setGroupAvatar(
  ctx: Ctx,
  actor: Actor,
  gid: number,
  image: Buffer,
  crop?: string,
): Promise<void> {
  const { group, members } = await loadManaged(ctx, actor, gid);
  if (image.length === 0) throw badRequest('empty image');
  await ctx.blobs.put(blobKeys.groupAvatar(gid), await squareImage(image, GROUP_AVATAR_SIZE, crop));
  const at = ctx.now();
  await ctx.store.groups.update(gid, { avatar_updated_at: at });
  await ctx.bus.publish({
    audience: groupAudience(group, members),
    event: groupChanged(gid, { avatar_updated_at: at }),
  });
}

export async function getGroupAvatar(ctx: Ctx, gid: number): Promise<Buffer> {
  const group = await ctx.store.groups.get(gid);
  const png =
    group && group.avatar_updated_at > 0 ? await ctx.blobs.get(blobKeys.groupAvatar(gid)) : undefined;
  if (!png) throw notFound('no avatar');
  return png;
}

/** Account deletion: leave every private channel; owned ones pass to the remaining member with the lowest uid. */
export async function leaveAllGroups(ctx: Ctx, uid: number): Promise<void> {
  const groups = (await ctx.store.groups.listVisibleTo(uid)).filter((g) => !g.is_public);
  for (const group of groups) {
    const members = await ctx.store.groups.members(group.gid);
    const remaining = members.filter((m) => m !== uid);
    if (remaining.length === 0) {
      await ctx.store.groups.delete(group.gid);
      continue;
    }
    await ctx.store.groups.removeMembers(group.gid, [uid]);
    if (group.owner === uid) {
      const heir = remaining[0]!;
      await ctx.store.groups.update(group.gid, { owner: heir });
      await ctx.bus.publish({
        audience: { kind: 'users', uids: remaining },
        event: groupChanged(group.gid, { owner: heir }),
      });
    }
    await ctx.bus.publish({
      audience: { kind: 'users', uids: remaining },
      event: { type: 'user_leaved_group', gid: group.gid, uid: [uid] },
    });
  }
}

const pinsOf = async (ctx: Ctx, gid: number) => (await ctx.store.pins.listFor([gid])).get(gid);

/** Validates that every uid is an existing non-guest user (400 otherwise); returns them de-duplicated. */
async function existingUsers(ctx: Ctx, uids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(uids)];
  const found = await ctx.store.users.getMany(unique);
  const ok = new Set(found.filter((u) => u.create_by !== 'guest').map((u) => u.uid));
  const missing = unique.filter((uid) => !ok.has(uid));
  if (missing.length > 0) throw badRequest(`unknown user ${missing.join(',')}`);
  return unique;
}
