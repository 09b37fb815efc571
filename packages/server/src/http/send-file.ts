/**
 * Sends a stored file the way browsers and download managers expect (API.md §7.2, §15.7): HEAD,
 * one `Range`, `ETag`/`If-None-Match`, the stored type with nosniff, and a Content-Disposition
 * with an RFC 6266 `filename*`. Whatever the type, the answer runs nothing: a sandboxing CSP,
 * and types a browser could execute (HTML, SVG, XML…) only ever as attachments.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Blobs } from '../blobs/index.js';
import { readRange } from '../services/files/chunks.js';
import type { StoredFile } from '../services/files/serve.js';

const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

export function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  blobs: Blobs,
  file: StoredFile,
): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('etag', file.etag)
    .header('cache-control', 'private, max-age=86400')
    .header('content-disposition', disposition(file.attachment, file.filename))
    // Chrome's PDF viewer does not open in a sandbox; a PDF runs no script of ours either way.
    .header(
      'content-security-policy',
      file.contentType === 'application/pdf' ? MEDIA_CSP : `${MEDIA_CSP}; sandbox`,
    );
  if (matches(req.headers['if-none-match'], file.etag)) return reply.code(304).send();
  let start = 0;
  let end = file.size - 1;
  const range = req.headers.range;
  if (range && (!req.headers['if-range'] || req.headers['if-range'] === file.etag)) {
    const parsed = parseRange(range, file.size);
    if (parsed === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${file.size}`)
        .type('text/plain')
        .send('Range Not Satisfiable');
    }
    if (parsed) {
      [start, end] = parsed;
      reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
    }
  }
  reply.header('content-length', String(Math.max(0, end - start + 1)));
  if (req.method === 'HEAD' || end < start) return reply.send(Readable.from([]));
  return reply.send(readRange(blobs, file.chunks, start, end));
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** One range of `bytes=a-b`, `a-` or `-n`; several ranges or a malformed header serve the whole file. */
export function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return [start, end];
}

/** `inline; filename="ascii"; filename*=UTF-8''…` (RFC 6266 with RFC 5987 encoding). */
export function disposition(attachment: boolean, filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${attachment ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
