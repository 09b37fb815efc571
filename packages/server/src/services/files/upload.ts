/**
 * Uploads (API.md §7.1, §15.7): `prepare` makes an id; chunks of ≤ 1,000,000 bytes are stored as
 * they arrive; the last one finishes the file (hash, image size, thumbnail). Beyond VoceChat, a
 * chunk may name the offset it starts at, and `uploadStatus` tells where an interrupted upload
 * stopped, so it resumes after its last stored chunk.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { PrepareFileRequest, UploadedFile, UploadStatus } from '@parley/protocol';
import type { Actor, Ctx } from '../../context.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { sniffMime } from '../../file-type.js';
import { requireOwnUpload, requireUploader } from '../../policy/files.js';
import { isStoreFull } from '../../store/errors.js';
import type { FileChunk, FileRecord } from '../../store/types.js';
import { withoutInvisible } from '../names.js';
import { chunkKey, deleteBlobs, hashChunks, readAll, thumbnailKey, writeChunks } from './chunks.js';
import { declaredType, storedType } from './content-types.js';
import { isProcessedImage, processImage } from './images.js';
import { runningHashes } from './running-hash.js';

export interface UploadedChunk {
  fileId: string | undefined;
  isLast: boolean;
  /** Parley: where this chunk starts; absent from VoceChat clients. */
  offset: number | undefined;
  data: Buffer;
}

export async function prepareFile(ctx: Ctx, actor: Actor, req: PrepareFileRequest): Promise<string> {
  requireUploader(actor);
  const filename = cleanName(req.filename);
  const now = ctx.now();
  const file_id = randomUUID();
  await ctx.store.files.create({
    file_id,
    uid: actor.uid,
    filename,
    declared_type: declaredType(req.content_type, filename),
    content_type: null,
    size: 0,
    chunks: 0,
    created_at: now,
    updated_at: now,
    path: null,
    hash: null,
    width: null,
    height: null,
    thumbnail_key: null,
  });
  return file_id;
}

/**
 * Names are shown and sent back in Content-Disposition: no control, invisible or direction
 * characters (`names.ts`), no folders.
 */
function cleanName(raw: string | null | undefined): string {
  const name = withoutInvisible(raw ?? '')
    .replace(/^.*[/\\]/, '')
    .trim();
  return name.slice(0, 255) || 'file';
}

export async function uploadStatus(ctx: Ctx, actor: Actor, fileId: string): Promise<UploadStatus> {
  requireUploader(actor);
  const file = requireOwnUpload(actor, await ctx.store.files.get(fileId));
  return { received: file.size, chunks: file.chunks, completed: file.path !== null };
}

export async function uploadChunk(
  ctx: Ctx,
  actor: Actor,
  chunk: UploadedChunk,
): Promise<UploadedFile | null> {
  requireUploader(actor);
  if (!chunk.fileId) throw badRequest('file_id is missing');
  const file = requireOwnUpload(actor, await ctx.store.files.get(chunk.fileId));
  if (file.path !== null) throw conflict('upload already finished');
  if (chunk.offset !== undefined && chunk.offset !== file.size)
    throw conflict(`upload continues at byte ${file.size}`);
  if (file.size + chunk.data.length > ctx.config.files.maxBytes) {
    await discard(ctx, file.file_id);
    throw new AppError('payload_too_large', 'file is too large');
  }
  if (chunk.data.length > 0 || file.chunks === 0) await storeChunk(ctx, file, chunk.data);
  return chunk.isLast ? finish(ctx, file.file_id) : null;
}

async function storeChunk(ctx: Ctx, file: FileRecord, data: Buffer): Promise<void> {
  const n = file.chunks;
  const sniffed = n === 0 ? storedType(await sniffMime(data), file.declared_type) : null;
  const key = chunkKey(file.file_id, n);
  await putOrRefuse(ctx, key, data);
  const stored = await ctx.store.files.addChunk(
    file.file_id,
    { n, blob_key: key, size: data.length },
    sniffed,
    ctx.now(),
  );
  if (!stored) {
    await ctx.blobs.delete(key);
    throw conflict('a chunk of this upload arrived twice at once');
  }
  runningHashes(ctx.blobs).add(file.file_id, n, data);
}

async function finish(ctx: Ctx, fileId: string): Promise<UploadedFile> {
  const file = (await ctx.store.files.get(fileId))!;
  const chunks = await ctx.store.files.chunks(fileId);
  const contentType = file.content_type ?? 'application/octet-stream';
  let size = file.size;
  let hash = runningHashes(ctx.blobs).take(fileId, chunks.length);
  let replaced: FileChunk[] | undefined;
  let thumbnail: string | null = null;
  let dims: { width: number; height: number } | null = null;
  if (isProcessedImage(contentType) && size <= ctx.config.files.imageMaxBytes) {
    // Whatever fails here (an undecodable image, a bomb, a failed write) ends the upload whole.
    try {
      const bytes = await readAll(ctx.blobs, chunks);
      const image = await processImage(bytes, contentType, ctx.config.files.imageMaxPixels);
      dims = image.properties;
      if (image.cleaned) {
        replaced = await writeChunks(ctx, fileId, image.cleaned, (k, d) => putOrRefuse(ctx, k, d));
        size = image.cleaned.length;
        hash = createHash('sha256').update(image.cleaned).digest('hex');
      }
      if (image.thumbnail) {
        thumbnail = thumbnailKey(fileId, image.thumbnail.ext);
        await putOrRefuse(ctx, thumbnail, image.thumbnail.data);
      }
    } catch (err) {
      await deleteBlobs(ctx.blobs, [...(replaced ?? []).map((c) => c.blob_key), thumbnail]);
      await discard(ctx, fileId);
      throw err;
    }
  }
  // Read back only when this node did not see every chunk arrive (running-hash.ts).
  hash ??= await hashChunks(ctx.blobs, chunks);
  const path = datedPath(ctx.now(), fileId);
  const done = await ctx.store.files.finish(
    fileId,
    {
      path,
      hash,
      size,
      width: dims?.width ?? null,
      height: dims?.height ?? null,
      thumbnail_key: thumbnail,
      content_type: contentType,
    },
    replaced,
  );
  if (!done) {
    await deleteBlobs(ctx.blobs, [...(replaced ?? []).map((c) => c.blob_key), thumbnail]);
    throw conflict('upload already finished');
  }
  if (replaced)
    await deleteBlobs(
      ctx.blobs,
      chunks.map((c) => c.blob_key),
    );
  return { path, size, hash, image_properties: dims };
}

/**
 * A failed write leaves no partial blob and no record, so the upload can resume once it works
 * again: a full disk is the 507 of http/errors.ts, any other failure of the store (unwritable
 * directory, unreachable bucket) a 503.
 */
export async function putOrRefuse(ctx: Ctx, key: string, data: Buffer): Promise<void> {
  try {
    await ctx.blobs.put(key, data);
  } catch (err) {
    ctx.log.warn({ err, key }, 'storing an upload chunk failed');
    await ctx.blobs.delete(key).catch(() => undefined);
    if (isStoreFull(err)) throw err;
    throw new AppError('unavailable', 'the file could not be stored');
  }
}

/** `YYYY/M/D/<uuid>` in UTC, month and day not zero-padded, as upstream (API.md §7.1). */
export function datedPath(now: number, fileId: string): string {
  const d = new Date(now);
  return `${d.getUTCFullYear()}/${d.getUTCMonth() + 1}/${d.getUTCDate()}/${fileId}`;
}

/** Removes an upload and everything it stored. */
export async function discard(ctx: Ctx, fileId: string): Promise<void> {
  runningHashes(ctx.blobs).forget(fileId);
  const file = await ctx.store.files.get(fileId);
  if (!file) return;
  const chunks = await ctx.store.files.chunks(fileId);
  await ctx.store.files.delete(fileId);
  await deleteBlobs(ctx.blobs, [...chunks.map((c) => c.blob_key), file.thumbnail_key]);
}

/** Deletes uploads that received nothing for the configured time (upstream: 300 s); returns how many. */
export async function sweepAbandonedUploads(ctx: Ctx): Promise<number> {
  const before = ctx.now() - ctx.config.files.uploadTimeoutMs;
  let swept = 0;
  for (;;) {
    const batch = await ctx.store.files.listAbandoned(before, 100);
    for (const file of batch) await discard(ctx, file.file_id);
    swept += batch.length;
    if (batch.length < 100) return swept;
  }
}
