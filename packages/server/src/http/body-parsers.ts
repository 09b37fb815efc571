/**
 * Request body parsers. JSON and text must be valid UTF-8 and declare no other charset (utf8.ts).
 * Routes that take JSON take nothing else (415), even from parsers registered for other routes. JSON keeps Fastify's
 * protection against prototype poisoning (`__proto__`, `constructor`). Images arrive as raw bytes.
 */
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError, badRequest } from '../errors.js';
import { nestsDeeperThan } from '../json-depth.js';
import { decodeUtf8, requireUtf8Charset } from '../utf8.js';

function parseJson(body: Buffer): unknown {
  const text = decodeUtf8(body);
  if (text.trim() === '') throw badRequest('empty JSON body');
  if (nestsDeeperThan(text)) throw badRequest('JSON nested too deeply');
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw badRequest('malformed JSON body');
  }
}

const mediaType = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

export function installBodyParsers(app: FastifyInstance): void {
  const raw = { parseAs: 'buffer' } as const;
  app.addContentTypeParser('application/json', raw, (req, body, done) => {
    try {
      requireUtf8Charset(req.headers['content-type']);
      done(null, parseJson(body as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addContentTypeParser(['text/plain', 'text/markdown'], raw, (req, body, done) => {
    try {
      requireUtf8Charset(req.headers['content-type']);
      done(null, decodeUtf8(body as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addContentTypeParser(/^image\//, raw, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/octet-stream', raw, (_req, body, done) => done(null, body));
  // Every route with a body schema takes JSON; the other parsers serve message text and images.
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.schema?.body === undefined || req.body === undefined) return;
    if (mediaType(req.headers['content-type']) !== 'application/json')
      throw new AppError('unsupported_media_type', 'this route takes a JSON body');
  });
}
