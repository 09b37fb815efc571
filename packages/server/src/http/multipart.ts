/**
 * Reads one upload chunk from `multipart/form-data` (API.md §7.1): the parts `file_id`,
 * `chunk_data` and `chunk_is_last`, and Parley's optional `chunk_offset`. The chunk is at most
 * 1,000,000 bytes and is the only thing held in memory; a larger one is 413.
 */
import { FILE_CHUNK_MAX_BYTES } from '@parley/protocol';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.js';
import type { UploadedChunk } from '../services/files/upload.js';

export const MULTIPART_LIMITS = {
  fileSize: FILE_CHUNK_MAX_BYTES,
  files: 1,
  fields: 8,
  parts: 10,
  fieldSize: 1024,
};

export async function readChunk(req: FastifyRequest): Promise<UploadedChunk> {
  if (!req.isMultipart()) throw badRequest('expected multipart/form-data');
  const fields: Record<string, string> = {};
  let data: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'chunk_data' || data) {
          part.file.resume();
          continue;
        }
        data = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!data) throw badRequest('chunk_data is missing');
  const offset = fields.chunk_offset;
  if (offset !== undefined && !/^\d{1,15}$/.test(offset)) throw badRequest('chunk_offset must be a number');
  return {
    fileId: fields.file_id?.trim() || undefined,
    isLast: fields.chunk_is_last === 'true',
    offset: offset === undefined ? undefined : Number(offset),
    data,
  };
}

function multipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  // Anything else here is the body's fault: a broken boundary, too many parts, a cut connection.
  if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('payload_too_large', 'chunk is larger than 1,000,000 bytes');
  return badRequest('malformed multipart body');
}
