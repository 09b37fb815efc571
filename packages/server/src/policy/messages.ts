/**
 * Who may do what with an existing message (API.md §6.2): read it (and so reply and react),
 * edit it (its author), delete it (its author or an administrator). Each check answers the
 * contract's 404 or 403 and returns what it loaded to decide.
 */
import type { ChatMessage, MessageTarget } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import type { Audience } from '../realtime/bus.js';
import type { GroupRecord } from '../store/types.js';
import { groupAudience, usersAudience } from '../services/audience.js';
import { loadGroup, loadReadable, requireDirectMessage, requireSender, type LoadedGroup } from './index.js';

export interface LoadedMessage {
  message: ChatMessage;
  /** Where the actor's records about it go: the channel, or the other party of the DM (API.md §6.2). */
  target: MessageTarget;
  /** Everyone who reads the conversation. */
  audience: Audience;
  group: GroupRecord | null;
}

/**
 * A live message the actor may read: 404 when unknown, deleted, a reaction record, in a deleted
 * channel or in someone else's DM (its existence is not disclosed); 403 in a private channel the
 * actor is not in (as for the channel's history).
 */
export async function loadReadableMessage(ctx: Ctx, actor: Actor, mid: number): Promise<LoadedMessage> {
  const message = await ctx.store.messages.getLive(mid);
  if (!message) throw notFound('no such message');
  const { target } = message;
  if ('gid' in target) {
    const { group, members } = await loadReadable(ctx, actor, target.gid);
    return { message, target, audience: groupAudience(group, members), group };
  }
  const parties = [message.from_uid, target.uid];
  if (!parties.includes(actor.uid)) throw notFound('no such message');
  const other = message.from_uid === actor.uid ? target.uid : message.from_uid;
  return { message, target: { uid: other }, audience: usersAudience(...parties), group: null };
}

/**
 * A message the actor may add to (reply, react): readable, and the actor may write there —
 * no guests, and a DM only while direct messages are enabled (as for sending, API.md §6.1).
 */
export async function loadWritableMessage(ctx: Ctx, actor: Actor, mid: number): Promise<LoadedMessage> {
  const loaded = await loadReadableMessage(ctx, actor, mid);
  if ('uid' in loaded.target) await requireDirectMessage(ctx, actor, loaded.target.uid);
  else requireSender(actor);
  return loaded;
}

/** Only the author edits (API.md §6.2). */
export async function loadEditableMessage(ctx: Ctx, actor: Actor, mid: number): Promise<LoadedMessage> {
  const loaded = await loadReadableMessage(ctx, actor, mid);
  if (loaded.message.from_uid !== actor.uid) throw forbidden('only the author can edit a message');
  return loaded;
}

/** The author or an administrator deletes (API.md §6.2). */
export async function loadDeletableMessage(ctx: Ctx, actor: Actor, mid: number): Promise<LoadedMessage> {
  const loaded = await loadReadableMessage(ctx, actor, mid);
  if (loaded.message.from_uid !== actor.uid && !actor.isAdmin) {
    throw forbidden('only the author or an administrator can delete a message');
  }
  return loaded;
}

/**
 * A channel's pins and the message to pin there: the owner or an administrator manages them (a
 * public channel has no owner, so administrators only, API.md §15.7); 404 for an unknown channel
 * or a message that is not a live one of that channel.
 */
export async function loadPinnable(ctx: Ctx, actor: Actor, gid: number, mid: number): Promise<LoadedGroup> {
  const loaded = await loadGroup(ctx, gid);
  const isOwner = !loaded.group.is_public && loaded.group.owner === actor.uid;
  if (!isOwner && !actor.isAdmin) throw forbidden('only the owner or an administrator can pin messages');
  const message = await ctx.store.messages.getLive(mid);
  if (!message || !('gid' in message.target) || message.target.gid !== gid) {
    throw notFound('no such message in this channel');
  }
  return loaded;
}
