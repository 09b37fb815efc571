/**
 * Archives (API.md §7.3): a snapshot of messages the caller may read, with their senders, kept
 * under an unguessable path. Forwarding sends that path as a `vocechat/archive` message; the
 * server refuses a path it never made. Attachments (file messages) are not archived yet.
 */
import { randomUUID } from 'node:crypto';
import type { Archive, ArchiveMessage } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { loadArchivableMessage } from '../policy/archives.js';
import type { ParsedContent } from './messages.js';
import { currentVersion } from './message-versions.js';

/** The messages (each checked, in mid order, each once) with the current version of each. */
export async function buildArchive(ctx: Ctx, actor: Actor, mids: readonly number[]): Promise<Archive> {
  const unique = [...new Set(mids)].sort((a, b) => a - b);
  const loaded = [];
  for (const mid of unique) loaded.push(await loadArchivableMessage(ctx, actor, mid));
  const senders = [...new Set(loaded.map((l) => l.message.from_uid))];
  const known = new Map((await ctx.store.users.getMany(senders)).map((u) => [u.uid, u]));
  const messages: ArchiveMessage[] = [];
  for (const { message } of loaded) {
    const version = currentVersion(await ctx.store.messages.versions(message.mid));
    if (!version) throw notFound('no such message');
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
  return { users, messages, num_attachments: 0 };
}

export async function createArchive(ctx: Ctx, actor: Actor, mids: readonly number[]): Promise<string> {
  const archive = await buildArchive(ctx, actor, mids);
  const now = ctx.now();
  const day = new Date(now);
  const path = `${day.getUTCFullYear()}/${day.getUTCMonth() + 1}/${day.getUTCDate()}/${randomUUID()}`;
  await ctx.store.archives.add({ path, created_by: actor.uid, created_at: now, archive });
  return path;
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
