/**
 * A file's stored type comes from its bytes, not from the client (issue 11). The client's claim
 * stands only where the bytes cannot tell (text) and never makes a file look like media it is not.
 */
import path from 'node:path';

const BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  weba: 'audio/webm',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  zip: 'application/zip',
};

const OCTET = 'application/octet-stream';
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** What `prepare` was told, or a guess from the name. */
export function declaredType(contentType: string | null | undefined, filename: string): string {
  const claimed = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (MIME.test(claimed)) return claimed;
  return BY_EXTENSION[path.extname(filename).slice(1).toLowerCase()] ?? OCTET;
}

/** Kinds only bytes can prove; a claim of one the sniffer did not confirm is not believed. */
const PROVABLE = /^(image|video|audio)\/|^application\/(pdf|zip|gzip|x-tar)$/;

/**
 * Containers that hold sound or pictures alike: the sniffer names them `video/…`, a recording
 * declared `audio/<same container>` keeps that (a voice message recorded as WebM is audio).
 */
const AUDIO_OR_VIDEO = new Set(['video/webm', 'video/ogg', 'video/mp4']);

export function storedType(sniffed: string | undefined, declared: string): string {
  if (sniffed && AUDIO_OR_VIDEO.has(sniffed) && declared === sniffed.replace('video/', 'audio/')) {
    return declared;
  }
  if (sniffed) return sniffed;
  return PROVABLE.test(declared) ? OCTET : declared;
}

/** Types a browser shows without running anything: served inline, everything else as attachment. */
const INLINE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'application/pdf',
  'text/plain',
]);

export const servedInline = (contentType: string): boolean =>
  INLINE.has(contentType) || /^(audio|video)\//.test(contentType);

/** Images sharp reads and Parley re-encodes (orientation applied, metadata stripped) and thumbnails. */
export const REENCODED = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** Images whose size is read but which are kept as sent (animation) and get no thumbnail. */
export const MEASURED_ONLY = new Set(['image/gif']);
