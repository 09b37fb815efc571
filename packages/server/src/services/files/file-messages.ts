/**
 * `vocechat/file` and `vocechat/audio` messages (API.md §6.1, §15.7): the body is `{"path": …}` of
 * a finished upload, the content is that path, and the upload's name, type and size are merged
 * into the client's properties (its own width and height stay).
 */
import { FILE_CONTENT_TYPES, type FileContentType, type Properties } from '@parley/protocol';
import type { Ctx } from '../../context.js';
import { badRequest } from '../../errors.js';
import { decodeUtf8 } from '../../utf8.js';
import { discard } from './upload.js';

export const isFileContentType = (type: string): type is FileContentType =>
  (FILE_CONTENT_TYPES as readonly string[]).includes(type);

export interface FileContent {
  contentType: FileContentType;
  text: string;
  properties: Properties;
}

export async function parseFileContent(
  ctx: Ctx,
  contentType: FileContentType,
  body: unknown,
  clientProperties: Properties,
): Promise<FileContent> {
  let path: unknown;
  try {
    path = (JSON.parse(Buffer.isBuffer(body) ? decodeUtf8(body) : '') as { path?: unknown } | null)?.path;
  } catch {
    throw badRequest('file message body must be {"path": …}');
  }
  if (typeof path !== 'string' || path.length === 0 || path.length > 200) throw badRequest('path is missing');
  const file = await ctx.store.files.getByPath(path);
  if (!file?.hash) throw badRequest('no such file');
  const injected = {
    name: file.filename,
    content_type: file.content_type ?? 'application/octet-stream',
    size: file.size,
  };
  const sizes = file.width !== null && file.height !== null ? { width: file.width, height: file.height } : {};
  return {
    contentType,
    text: path,
    properties: { ...sizes, ...(clientProperties ?? {}), ...injected },
  };
}

/** After messages are deleted: their files go too, unless another message still carries them. */
export async function deleteFilesOf(ctx: Ctx, mids: readonly number[]): Promise<void> {
  const fileIds: string[] = [];
  for (const mid of mids) {
    const fileId = await ctx.store.files.fileOfMessage(mid);
    if (fileId) fileIds.push(fileId);
  }
  await discardUnreferenced(ctx, fileIds);
}

/** Deletes each of these files (data and thumbnail) that no message, archive or favorite holds any more. */
export async function discardUnreferenced(ctx: Ctx, fileIds: readonly string[]): Promise<void> {
  for (const fileId of fileIds) {
    if ((await ctx.store.files.liveReferences(fileId)) === 0) await discard(ctx, fileId);
  }
}
