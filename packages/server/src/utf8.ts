import { AppError, badRequest } from './errors.js';

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

/**
 * 415 when a Content-Type declares a charset other than UTF-8: a `charset=utf-16` or `latin1` body
 * would otherwise be read as UTF-8 and stored changed.
 */
export function requireUtf8Charset(contentType: string | undefined): void {
  const m = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '');
  const charset = m?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    throw new AppError('unsupported_media_type', 'only UTF-8 is accepted');
}
