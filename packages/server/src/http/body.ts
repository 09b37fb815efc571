/** Raw request bodies that routes hand to services. */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/**
 * The bytes of an image upload (sent as `image/*` or `application/octet-stream`). A JSON or text
 * body is the wrong media type: it must never reach the image decoder, which reads a string as a
 * file path on the server.
 */
export function imageBytes(request: FastifyRequest): Buffer {
  if (request.body === undefined || request.body === null) return Buffer.alloc(0);
  if (!Buffer.isBuffer(request.body))
    throw new AppError('unsupported_media_type', 'an image must be sent as image bytes');
  return request.body;
}
