/**
 * Archives (API.md §7.3): a snapshot of messages the caller may read, with their senders, kept
 * under an unguessable path. Forwarding sends that path as a `vocechat/archive` message; the
 * server refuses a path it never made. A file message's file becomes an attachment of the archive
 * (and its thumbnail another), which anyone holding the path reads like the file itself.
 */
import { randomUUID } from 'node:crypto';
import type { Archive, ArchiveAttachmentQuery, ArchiveMessage } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import type { ArchiveAttachment } from '../store/types.js';
import { findFile, type StoredFile } from './files/serve.js';
import { loadArchivableMessage } from '../policy/archives.js';
import type { ParsedContent } from './messages.js';
import { currentVersion } from './message-versions.js';

export interface BuiltArchive {
  archive: Archive;
  attachments: ArchiveAttachment[];
}

/**
 * The messages (each checked, in mid order, each once) with the current version of each; a file
 * message's upload (and its thumbnail, when it has one) listed as attachments, its content null.
 */
export async function buildArchive(ctx: Ctx, actor: Actor, mids: readonly number[]): Promise<BuiltArchive> {
  const unique = [...new Set(mids)].sort((a, b) => a - b);
  const loaded = [];
  for (const mid of unique) loaded.push(await loadArchivableMessage(ctx, actor, mid));
  const senders = [...new Set(loaded.map((l) => l.message.from_uid))];
  const known = new Map((await ctx.store.users.getMany(senders)).map((u) => [u.uid, u]));
  const messages: ArchiveMessage[] = [];
  const attachments: ArchiveAttachment[] = [];
  const attach = (attachment: ArchiveAttachment) => attachments.push(attachment) - 1;
  for (const { message } of loaded) {
    const version = currentVersion(await ctx.store.messages.versions(message.mid));
    if (!version) throw notFound('no such message');
    if (version.content_type === 'vocechat/file') {
      // A file the auto-delete already removed travels as an empty attachment (null ids).
      const file = await ctx.store.files.getByPath(version.content);
      const live = file?.hash ? file : undefined;
      messages.push({
        from_user: senders.indexOf(message.from_uid),
        created_at: message.created_at,
        mid: message.mid,
        source: message.target,
        properties: version.properties,
        content_type: version.content_type,
        content: null,
        file_id: live ? attach({ file_id: live.file_id, thumbnail: false }) : null,
        thumbnail_id: live?.thumbnail_key ? attach({ file_id: live.file_id, thumbnail: true }) : null,
      });
      continue;
    }
    messages.push({
      from_user: senders.indexOf(message.from_uid),
      created_at: message.created_at,
      mid: message.mid,
      source: message.target,
      properties: version.properties,
      content_type: version.content_type,
      content: version.content,
      file_id: null,
      thumbnail_id: null,
    });
  }
  const users = senders.map((uid) => ({ name: known.get(uid)?.name ?? `#${uid}`, avatar: null }));
  return { archive: { users, messages, num_attachments: attachments.length }, attachments };
}

export async function createArchive(ctx: Ctx, actor: Actor, mids: readonly number[]): Promise<string> {
  const { archive, attachments } = await buildArchive(ctx, actor, mids);
  const now = ctx.now();
  const day = new Date(now);
  const path = `${day.getUTCFullYear()}/${day.getUTCMonth() + 1}/${day.getUTCDate()}/${randomUUID()}`;
  await ctx.store.archives.add({ path, created_by: actor.uid, created_at: now, archive, attachments });
  return path;
}

/** What an attachment index serves: the file, or its thumbnail; 404 once the file is gone. */
export async function serveAttachment(
  ctx: Ctx,
  attachment: ArchiveAttachment | undefined,
  download: boolean | undefined,
): Promise<StoredFile> {
  const file = attachment && (await ctx.store.files.get(attachment.file_id));
  if (!attachment || !file?.path) throw notFound('no such attachment');
  return findFile(ctx, { file_path: file.path, thumbnail: attachment.thumbnail, download });
}

/** `GET /resource/archive/attachment`: no token, like the archive itself (the path is the secret). */
export async function getArchiveAttachment(ctx: Ctx, q: ArchiveAttachmentQuery): Promise<StoredFile> {
  if (q.file_path === '' || q.file_path.includes('.')) throw badRequest('bad archive path');
  return serveAttachment(ctx, await ctx.store.archives.attachment(q.file_path, q.attachment_id), q.download);
}

/** 400 for an empty path or one with a dot (as for files, API.md §7.2), 404 for an unknown one. */
export async function getArchive(ctx: Ctx, path: string): Promise<Archive> {
  if (path === '' || path.includes('.')) throw badRequest('bad archive path');
  const record = await ctx.store.archives.get(path);
  if (!record) throw notFound('no such archive');
  return record.archive;
}

/** A `vocechat/archive` message must name an archive that exists (400 otherwise). */
export async function requireArchiveContent(ctx: Ctx, content: ParsedContent): Promise<void> {
  if (content.contentType !== 'vocechat/archive') return;
  if (!(await ctx.store.archives.get(content.text))) throw badRequest('no such archive');
}
