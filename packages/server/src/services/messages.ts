/** Sending, history and read positions. Chat records are committed and published in mid order. */
import {
  LIMITS,
  SENDABLE_CONTENT_TYPES,
  type ChatMessage,
  type FileContentType,
  type HistoryQuery,
  type MessageTarget,
  type Properties,
  type ReadIndexRequest,
  type SendableContentType,
} from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { nestsDeeperThan } from '../json-depth.js';
import { decodeUtf8, requireUtf8Charset } from '../utf8.js';
import { AppError, badRequest, notFound } from '../errors.js';
import type { Audience } from '../realtime/bus.js';
import { requireArchiveContent } from './archives.js';
import { groupAudience, usersAudience } from './audience.js';
import { revealFirstDm } from './directory.js';
import { loadReadable, requireChannelSender, requireDirectMessage } from '../policy/index.js';
import { isFileContentType, parseFileContent } from './files/file-messages.js';
import { burnSecondsFor } from './user-settings.js';

export interface OutgoingMessage {
  contentType: string | undefined;
  body: unknown;
  propertiesHeader: string | undefined;
}

export async function sendToGroup(
  ctx: Ctx,
  actor: Actor,
  gid: number,
  msg: OutgoingMessage,
): Promise<number> {
  const { group, members } = await loadReadable(ctx, actor, gid);
  requireChannelSender(actor, group);
  await ctx.limits.send(actor.uid, actor.user.is_bot);
  const content = await parseSendable(ctx, msg);
  const expiresIn = await burnSecondsFor(ctx, actor.uid, { gid });
  return commitAndPublish(ctx, actor.uid, { gid }, content, groupAudience(group, members), expiresIn);
}

export async function sendToUser(ctx: Ctx, actor: Actor, uid: number, msg: OutgoingMessage): Promise<number> {
  const target = await ctx.store.users.get(uid);
  if (!target) throw notFound('no such user');
  await requireDirectMessage(ctx, actor, uid);
  await ctx.limits.send(actor.uid, actor.user.is_bot);
  const content = await parseSendable(ctx, msg);
  const expiresIn = await burnSecondsFor(ctx, actor.uid, { uid });
  await revealFirstDm(ctx, actor.uid, uid);
  return commitAndPublish(ctx, actor.uid, { uid }, content, usersAudience(actor.uid, uid), expiresIn);
}

export interface ParsedContent {
  contentType: SendableContentType | FileContentType;
  text: string;
  properties: Properties;
}

/** Text, markdown, or (new messages only) a file or voice message. */
async function parseSendable(ctx: Ctx, msg: OutgoingMessage): Promise<ParsedContent> {
  const type = (msg.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!isFileContentType(type)) {
    const content = parseContent(msg);
    // A forwarded archive must be one this server made (API.md §7.3).
    await requireArchiveContent(ctx, content);
    return content;
  }
  return parseFileContent(ctx, type, msg.body, decodeProperties(msg.propertiesHeader));
}

export function parseContent({ contentType, body, propertiesHeader }: OutgoingMessage): ParsedContent {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(SENDABLE_CONTENT_TYPES as readonly string[]).includes(type)) {
    throw new AppError('unsupported_media_type', 'unsupported content type');
  }
  requireUtf8Charset(contentType);
  const text = Buffer.isBuffer(body) ? decodeUtf8(body) : '';
  if (text.trim() === '') throw badRequest('message is empty');
  if (Buffer.byteLength(text) > LIMITS.messageMaxBytes)
    throw new AppError('payload_too_large', 'message is too long');
  return { contentType: type as SendableContentType, text, properties: decodeProperties(propertiesHeader) };
}

/**
 * `X-Properties` is base64 of a JSON object; anything else is treated as no properties (API.md
 * §6.1). Nesting deeper than the JSON body limit is refused: it could not be stored or sent back.
 */
export function decodeProperties(header: string | undefined): Properties {
  if (!header) return null;
  const text = Buffer.from(header, 'base64').toString('utf8');
  if (nestsDeeperThan(text)) throw badRequest('X-Properties nested too deeply');
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

async function commitAndPublish(
  ctx: Ctx,
  fromUid: number,
  target: MessageTarget,
  content: ParsedContent,
  audience: Audience,
  /** Burn after reading: the server deletes the message this many seconds after sending. */
  expiresIn: number | null,
): Promise<number> {
  const message = await ctx.sends.send(
    {
      from_uid: fromUid,
      created_at: ctx.now(),
      target,
      detail: {
        type: 'normal',
        properties: content.properties,
        content_type: content.contentType,
        content: content.text,
        expires_in: expiresIn,
      },
    },
    audience,
  );
  return message.mid;
}

export async function groupHistory(
  ctx: Ctx,
  actor: Actor,
  gid: number,
  q: HistoryQuery,
): Promise<ChatMessage[]> {
  await loadReadable(ctx, actor, gid);
  return ctx.store.messages.groupHistory(gid, page(q));
}

export async function dmHistory(
  ctx: Ctx,
  actor: Actor,
  uid: number,
  q: HistoryQuery,
): Promise<ChatMessage[]> {
  if (!(await ctx.store.users.get(uid))) throw notFound('no such user');
  return ctx.store.messages.dmHistory(actor.uid, uid, page(q));
}

const page = (q: HistoryQuery) => ({
  limit: Math.min(q.limit ?? LIMITS.historyDefaultLimit, LIMITS.historyMaxLimit),
  ...(q.before !== undefined && { before: q.before }),
});

/** Stores read positions that move forward and tells the user's other devices. */
export async function updateReadIndex(ctx: Ctx, actor: Actor, req: ReadIndexRequest): Promise<void> {
  const users = req.users ?? [];
  const groups = req.groups ?? [];
  for (const { uid } of users) {
    if (uid === actor.uid) throw badRequest('cannot mark a conversation with yourself this way');
  }
  const known = await ctx.store.users.getMany(users.map((u) => u.uid));
  if (known.length !== new Set(users.map((u) => u.uid)).size) throw badRequest('unknown user');
  if (groups.length > 0) {
    const visible = new Set((await ctx.store.groups.listVisibleTo(actor.uid)).map((g) => g.gid));
    if (groups.some(({ gid }) => !visible.has(gid))) throw badRequest('unknown channel');
  }
  const moved = await ctx.store.transaction(async (tx) => {
    const u: { uid: number; mid: number }[] = [];
    const g: { gid: number; mid: number }[] = [];
    for (const item of users)
      if (await tx.readIndex.advance(actor.uid, { uid: item.uid }, item.mid)) u.push(item);
    for (const item of groups)
      if (await tx.readIndex.advance(actor.uid, { gid: item.gid }, item.mid)) g.push(item);
    return { users: u, groups: g };
  });
  if (moved.users.length === 0 && moved.groups.length === 0) return;
  await ctx.bus.publish({
    audience: { kind: 'users', uids: [actor.uid], exceptDevice: actor.device },
    event: {
      type: 'user_settings_changed',
      from_device: actor.device,
      add_mute_users: [],
      remove_mute_users: [],
      add_mute_groups: [],
      remove_mute_groups: [],
      read_index_users: moved.users,
      read_index_groups: moved.groups,
      burn_after_reading_users: [],
      burn_after_reading_groups: [],
    },
  });
}
