/**
 * A user's settings per conversation (API.md §4.3, §9.3): mute with expiry, pinned chats and burn
 * after reading. Each change is stored, then sent to the user's other devices as
 * `user_settings_changed`; nobody else hears of it.
 */
import type {
  BurnAfterReadingRequest,
  EventOf,
  MessageTarget,
  MuteRequest,
  PinChatRequest,
} from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest } from '../errors.js';
import { requireSettingsOwner } from '../policy/conversations.js';
import type { ChatSettingRecord } from '../store/types.js';

type SettingsChanged = EventOf<'user_settings_changed'>;
type UserSettings = EventOf<'user_settings'>;

/** An event with every classic field present and empty, plus `change`. */
export function settingsChanged(from_device: string, change: Partial<SettingsChanged>): SettingsChanged {
  return {
    type: 'user_settings_changed',
    from_device,
    add_mute_users: [],
    remove_mute_users: [],
    add_mute_groups: [],
    remove_mute_groups: [],
    read_index_users: [],
    read_index_groups: [],
    burn_after_reading_users: [],
    burn_after_reading_groups: [],
    ...change,
  };
}

export async function publishSettingsChanged(
  ctx: Ctx,
  actor: Actor,
  change: Partial<SettingsChanged>,
): Promise<void> {
  await ctx.bus.publish({
    audience: { kind: 'users', uids: [actor.uid], exceptDevice: actor.device },
    event: settingsChanged(actor.device, change),
  });
}

/** 400 unless every uid is another existing user and every gid a channel the actor can read. */
async function requireKnownTargets(
  ctx: Ctx,
  actor: Actor,
  uids: readonly number[],
  gids: readonly number[],
  allowSelf: boolean,
): Promise<void> {
  if (!allowSelf && uids.includes(actor.uid)) throw badRequest('not for a conversation with yourself');
  const unique = new Set(uids);
  if ((await ctx.store.users.getMany([...unique])).length !== unique.size) throw badRequest('unknown user');
  if (gids.length > 0) {
    const visible = new Set((await ctx.store.groups.listVisibleTo(actor.uid)).map((g) => g.gid));
    if (gids.some((gid) => !visible.has(gid))) throw badRequest('unknown channel');
  }
}

export async function mute(ctx: Ctx, actor: Actor, req: MuteRequest): Promise<void> {
  requireSettingsOwner(actor);
  const addUsers = req.add_users ?? [];
  const addGroups = req.add_groups ?? [];
  const removeUsers = req.remove_users ?? [];
  const removeGroups = req.remove_groups ?? [];
  await requireKnownTargets(
    ctx,
    actor,
    [...addUsers.map((u) => u.uid), ...removeUsers],
    [...addGroups.map((g) => g.gid), ...removeGroups],
    false,
  );
  const now = ctx.now();
  const expiry = (seconds: number | undefined) => (seconds ? now + seconds * 1000 : null);
  const change = {
    add_mute_users: addUsers.map((u) => ({ uid: u.uid, expired_at: expiry(u.expired_in) })),
    add_mute_groups: addGroups.map((g) => ({ gid: g.gid, expired_at: expiry(g.expired_in) })),
    remove_mute_users: [...new Set(removeUsers)],
    remove_mute_groups: [...new Set(removeGroups)],
  };
  await ctx.store.transaction(async (tx) => {
    for (const { uid, expired_at } of change.add_mute_users)
      await tx.chatSettings.update(actor.uid, { uid }, { muted: true, mute_expired_at: expired_at });
    for (const { gid, expired_at } of change.add_mute_groups)
      await tx.chatSettings.update(actor.uid, { gid }, { muted: true, mute_expired_at: expired_at });
    for (const uid of change.remove_mute_users)
      await tx.chatSettings.update(actor.uid, { uid }, { muted: false, mute_expired_at: null });
    for (const gid of change.remove_mute_groups)
      await tx.chatSettings.update(actor.uid, { gid }, { muted: false, mute_expired_at: null });
  });
  await publishSettingsChanged(ctx, actor, change);
}

const targetIds = (target: MessageTarget) =>
  'uid' in target ? { uids: [target.uid], gids: [] } : { uids: [], gids: [target.gid] };

export async function pinChat(ctx: Ctx, actor: Actor, req: PinChatRequest): Promise<void> {
  requireSettingsOwner(actor);
  const { uids, gids } = targetIds(req.target);
  await requireKnownTargets(ctx, actor, uids, gids, true);
  const target = plainTarget(req.target);
  const updated_at = ctx.now();
  await ctx.store.chatSettings.update(actor.uid, target, { pinned_at: updated_at });
  await publishSettingsChanged(ctx, actor, { add_pin_chats: [{ target, updated_at }] });
}

export async function unpinChat(ctx: Ctx, actor: Actor, req: PinChatRequest): Promise<void> {
  requireSettingsOwner(actor);
  const { uids, gids } = targetIds(req.target);
  await requireKnownTargets(ctx, actor, uids, gids, true);
  const target = plainTarget(req.target);
  const current = await ctx.store.chatSettings.get(actor.uid, target);
  if (current?.pinned_at == null) return;
  await ctx.store.chatSettings.update(actor.uid, target, { pinned_at: null });
  await publishSettingsChanged(ctx, actor, { remove_pin_chats: [target] });
}

/** `{uid}` or `{gid}` only, whatever else the body's object carried. */
const plainTarget = (target: MessageTarget): MessageTarget =>
  'uid' in target ? { uid: target.uid } : { gid: target.gid };

export async function burnAfterReading(ctx: Ctx, actor: Actor, req: BurnAfterReadingRequest): Promise<void> {
  requireSettingsOwner(actor);
  const users = dedupe(req.users ?? [], (u) => u.uid);
  const groups = dedupe(req.groups ?? [], (g) => g.gid);
  await requireKnownTargets(
    ctx,
    actor,
    users.map((u) => u.uid),
    groups.map((g) => g.gid),
    true,
  );
  await ctx.store.transaction(async (tx) => {
    for (const { uid, expires_in } of users)
      await tx.chatSettings.update(actor.uid, { uid }, { burn_expires_in: expires_in });
    for (const { gid, expires_in } of groups)
      await tx.chatSettings.update(actor.uid, { gid }, { burn_expires_in: expires_in });
  });
  await publishSettingsChanged(ctx, actor, {
    burn_after_reading_users: users.map(({ uid, expires_in }) => ({ uid, expires_in })),
    burn_after_reading_groups: groups.map(({ gid, expires_in }) => ({ gid, expires_in })),
  });
}

/** The last entry for each key wins (as it would applied in order). */
function dedupe<T>(items: readonly T[], key: (item: T) => number): T[] {
  const byKey = new Map<number, T>();
  for (const item of items) byKey.set(key(item), item);
  return [...byKey.values()];
}

/** Seconds after which the sender's new message in that conversation is deleted; null = never. */
export async function burnSecondsFor(ctx: Ctx, uid: number, target: MessageTarget): Promise<number | null> {
  const setting = await ctx.store.chatSettings.get(uid, target);
  return setting?.burn_expires_in ? setting.burn_expires_in : null;
}

/** The settings part of the initial sync (API.md §9.2 step 4), without read positions. */
export async function initialSettings(
  ctx: Ctx,
  uid: number,
): Promise<Omit<UserSettings, 'type' | 'read_index_users' | 'read_index_groups'>> {
  const now = ctx.now();
  const rows = await ctx.store.chatSettings.list(uid);
  const muted = rows.filter((r) => r.muted && (r.mute_expired_at === null || r.mute_expired_at > now));
  const burning = rows.filter((r) => r.burn_expires_in > 0);
  const users = (list: ChatSettingRecord[]) => list.filter((r) => 'uid' in r.target);
  const groups = (list: ChatSettingRecord[]) => list.filter((r) => 'gid' in r.target);
  const id = (r: ChatSettingRecord) => ('uid' in r.target ? r.target.uid : r.target.gid);
  return {
    mute_users: users(muted).map((r) => ({ uid: id(r), expired_at: r.mute_expired_at })),
    mute_groups: groups(muted).map((r) => ({ gid: id(r), expired_at: r.mute_expired_at })),
    burn_after_reading_users: users(burning).map((r) => ({ uid: id(r), expires_in: r.burn_expires_in })),
    burn_after_reading_groups: groups(burning).map((r) => ({ gid: id(r), expires_in: r.burn_expires_in })),
    pinned_chats: rows
      .filter((r) => r.pinned_at !== null)
      .sort((a, b) => b.pinned_at! - a.pinned_at!)
      .map((r) => ({ target: r.target, updated_at: r.pinned_at! })),
  };
}
