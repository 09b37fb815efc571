import { badRequest } from './errors.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes as text, or a 400 when they are not valid UTF-8: the lenient default would store broken
 * bytes as U+FFFD, silently changing what the client sent.
 */
export function decodeUtf8(body: Buffer): string {
  try {
    return strictUtf8.decode(body);
  } catch {
    throw badRequest('body is not valid UTF-8');
  }
}
