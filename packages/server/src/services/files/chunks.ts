/**
 * A file lives in storage as its chunks (each ≤ 1,000,000 bytes, one blob each), so neither an
 * upload nor a download ever holds more than one chunk in memory, on either blob adapter.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { FILE_CHUNK_MAX_BYTES } from '@parley/protocol';
import { randomToken } from '../../auth/tokens.js';
import type { Blobs } from '../../blobs/index.js';
import type { FileChunk } from '../../store/types.js';

/** Keys are made from the server's file id and a counter, never from input. */
export const chunkKey = (fileId: string, n: number) => `files/${fileId}/${n}-${randomToken(6).toLowerCase()}`;
export const thumbnailKey = (fileId: string, ext: string) =>
  `files/${fileId}/thumb-${randomToken(6).toLowerCase()}.${ext}`;

/** The bytes `start..end` (inclusive) of a chunked file, read one chunk at a time. */
export function readRange(blobs: Blobs, chunks: readonly FileChunk[], start: number, end: number): Readable {
  async function* bytes() {
    let offset = 0;
    for (const chunk of chunks) {
      const from = offset;
      offset += chunk.size;
      if (offset <= start || from > end) continue;
      const data = await blobs.get(chunk.blob_key);
      if (!data) throw new Error(`file chunk ${chunk.blob_key} is missing from storage`);
      yield data.subarray(Math.max(0, start - from), Math.min(chunk.size, end - from + 1));
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

export async function hashChunks(blobs: Blobs, chunks: readonly FileChunk[]): Promise<string> {
  const hash = createHash('sha256');
  for await (const part of readRange(blobs, chunks, 0, Number.MAX_SAFE_INTEGER)) hash.update(part as Buffer);
  return hash.digest('hex');
}

export async function readAll(blobs: Blobs, chunks: readonly FileChunk[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of readRange(blobs, chunks, 0, Number.MAX_SAFE_INTEGER)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Stores `data` as fresh chunks of the file; returns them in order. On failure none stays. */
export async function writeChunks(
  ctx: { blobs: Blobs },
  fileId: string,
  data: Buffer,
  put: (key: string, data: Buffer) => Promise<void> = (k, d) => ctx.blobs.put(k, d),
): Promise<FileChunk[]> {
  const chunks: FileChunk[] = [];
  try {
    for (let n = 0, at = 0; at < data.length || n === 0; n++, at += FILE_CHUNK_MAX_BYTES) {
      const part = data.subarray(at, at + FILE_CHUNK_MAX_BYTES);
      const chunk = { n, blob_key: chunkKey(fileId, n), size: part.length };
      chunks.push(chunk);
      await put(chunk.blob_key, Buffer.from(part));
    }
  } catch (err) {
    await deleteBlobs(
      ctx.blobs,
      chunks.map((c) => c.blob_key),
    ).catch(() => undefined);
    throw err;
  }
  return chunks;
}

export async function deleteBlobs(blobs: Blobs, keys: readonly (string | null)[]): Promise<void> {
  for (const key of keys) if (key) await blobs.delete(key);
}
