/**
 * Request body parsers. JSON and text must be valid UTF-8 (see utf8.ts). JSON keeps Fastify's
 * protection against prototype poisoning (`__proto__`, `constructor`). Images arrive as raw bytes.
 */
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { badRequest } from '../errors.js';
import { nestsDeeperThan } from '../json-depth.js';
import { decodeUtf8 } from '../utf8.js';

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

export function installBodyParsers(app: FastifyInstance): void {
  const raw = { parseAs: 'buffer' } as const;
  app.addContentTypeParser('application/json', raw, (_req, body, done) => {
    try {
      done(null, parseJson(body as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addContentTypeParser(['text/plain', 'text/markdown'], raw, (_req, body, done) => {
    try {
      done(null, decodeUtf8(body as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addContentTypeParser(/^image\//, raw, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/octet-stream', raw, (_req, body, done) => done(null, body));
}
