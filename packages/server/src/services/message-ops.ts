/**
 * What people do with a message once sent (API.md §6.2): reply, edit, read its versions, like,
 * delete. Every change is a chat record committed and published in mid order through the send
 * queue; the store refuses a record whose message was deleted meanwhile (`TargetGoneError`).
 */
import {
  LIMITS,
  REACTION_EMOJIS,
  type LikeRequest,
  type MessageDetail,
  type MessageVersion,
} from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import type { Audience } from '../realtime/bus.js';
import { TargetGoneError } from '../store/errors.js';
import type { NewMessage } from '../store/types.js';
import {
  loadDeletableMessage,
  loadEditableMessage,
  loadReadableMessage,
  loadWritableMessage,
  type LoadedMessage,
} from '../policy/messages.js';
import { requireChannelSender } from '../policy/index.js';
import { requireArchiveContent } from './archives.js';
import { parseContent, type OutgoingMessage } from './messages.js';
import { currentVersion, versionsOf } from './message-versions.js';
import { pinEdited, pinsDeleted } from './pins.js';
import { deleteFilesOf } from './files/file-messages.js';

export async function replyMessage(
  ctx: Ctx,
  actor: Actor,
  mid: number,
  msg: OutgoingMessage,
): Promise<number> {
  const loaded = await loadWritableMessage(ctx, actor, mid);
  if (loaded.group) requireChannelSender(actor, loaded.group);
  const content = parseContent(msg);
  await requireArchiveContent(ctx, content);
  const sent = await commit(ctx, actor, loaded, {
    type: 'reply',
    mid,
    properties: content.properties,
    content_type: content.contentType,
    content: content.text,
  });
  return sent.mid;
}

export async function editMessage(
  ctx: Ctx,
  actor: Actor,
  mid: number,
  msg: OutgoingMessage,
): Promise<number> {
  const loaded = await loadEditableMessage(ctx, actor, mid);
  const content = parseContent(msg);
  await requireArchiveContent(ctx, content);
  const sent = await commit(ctx, actor, loaded, {
    type: 'reaction',
    mid,
    detail: {
      type: 'edit',
      properties: content.properties,
      content_type: content.contentType,
      content: content.text,
    },
  });
  if (loaded.group) await pinEdited(ctx, loaded, currentVersion(await ctx.store.messages.versions(mid)));
  return sent.mid;
}

/** Every version the message went through, the original first (Parley, beyond VoceChat). */
export async function messageVersions(ctx: Ctx, actor: Actor, mid: number): Promise<MessageVersion[]> {
  await loadReadableMessage(ctx, actor, mid);
  return versionsOf(await ctx.store.messages.versions(mid));
}

export async function likeMessage(ctx: Ctx, actor: Actor, mid: number, req: LikeRequest): Promise<number> {
  const loaded = await loadWritableMessage(ctx, actor, mid);
  if (!(REACTION_EMOJIS as readonly string[]).includes(req.action)) {
    throw badRequest(`a reaction is one of ${REACTION_EMOJIS.join(' ')}`);
  }
  // Appended, never de-duplicated: a second identical like is how the client removes one (API.md §15.7).
  const sent = await commit(ctx, actor, loaded, {
    type: 'reaction',
    mid,
    detail: { type: 'like', action: req.action },
  });
  return sent.mid;
}

export async function deleteMessage(ctx: Ctx, actor: Actor, mid: number): Promise<number> {
  const [deleted] = await deleteMessages(ctx, actor, [mid]);
  return deleted!;
}

/** `DELETE /message/bulk/12,13,20`. */
export const deleteMessageList = (ctx: Ctx, actor: Actor, list: string) =>
  deleteMessages(ctx, actor, parseMidList(list));

/** `12,13,20` -> mids in list order, duplicates dropped; 400 for anything else. */
function parseMidList(text: string): number[] {
  const parts = text.split(',');
  if (parts.length > LIMITS.bulkDeleteMaxMessages) {
    throw badRequest(`at most ${LIMITS.bulkDeleteMaxMessages} messages at once`);
  }
  const mids = parts.map((part) => (/^[1-9]\d{0,15}$/.test(part) ? Number(part) : NaN));
  if (mids.some((mid) => !Number.isSafeInteger(mid))) throw badRequest('malformed message list');
  return [...new Set(mids)];
}

/**
 * Deletes every message or none (API.md §15.7): each must exist for the actor (else 404) and be
 * the actor's or the actor an administrator (else 403) before anything is written.
 */
export async function deleteMessages(ctx: Ctx, actor: Actor, mids: readonly number[]): Promise<number[]> {
  const loaded: LoadedMessage[] = [];
  let refusal: unknown;
  for (const mid of mids) {
    try {
      loaded.push(await loadDeletableMessage(ctx, actor, mid));
    } catch (err) {
      // A missing message outranks a forbidden one, whatever their order in the list.
      if ((err as { status?: number }).status === 404) throw err;
      refusal ??= err;
    }
  }
  if (refusal) throw refusal;
  const now = ctx.now();
  const records = loaded.map((l) => ({
    message: record(actor, l, now, { type: 'reaction', mid: l.message.mid, detail: { type: 'delete' } }),
    audience: l.audience,
  }));
  const sent = await sendAll(ctx, records);
  await pinsDeleted(ctx, loaded);
  await deleteFilesOf(
    ctx,
    loaded.map((l) => l.message.mid),
  );
  return sent.map((m) => m.mid);
}

function record(actor: Actor, loaded: LoadedMessage, now: number, detail: MessageDetail): NewMessage {
  return { from_uid: actor.uid, created_at: now, target: loaded.target, detail };
}

async function commit(ctx: Ctx, actor: Actor, loaded: LoadedMessage, detail: MessageDetail) {
  const [sent] = await sendAll(ctx, [
    { message: record(actor, loaded, ctx.now(), detail), audience: loaded.audience },
  ]);
  return sent!;
}

/** The message was deleted between the check and the commit: it is gone, so 404. */
async function sendAll(ctx: Ctx, records: { message: NewMessage; audience: Audience }[]) {
  try {
    return await ctx.sends.sendAll(records);
  } catch (err) {
    if (err instanceof TargetGoneError) throw notFound('no such message');
    throw err;
  }
}
