/** Resolves the `X-API-Key` header to `request.actor` on routes that need a signed-in caller. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, Ctx } from '../context.js';
import { authenticateBot } from '../services/bot-keys.js';
import { authenticate } from '../services/sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/**
 * An `onRequest` hook: a caller without a valid token gets 401 before the body is read, parsed
 * or validated, whatever else is wrong with the request (API.md §15.6 puts 401 first).
 */
export function requireActor(ctx: Ctx) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers['x-api-key'];
    const actor = await authenticate(ctx, Array.isArray(header) ? header[0] : header);
    request.actor = { ...actor, ip: request.ip };
  };
}

/** The same for the bot API: the header holds a bot key, which no user route accepts (API.md §1.4). */
export function requireBot(ctx: Ctx) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers['x-api-key'];
    request.actor = await authenticateBot(ctx, Array.isArray(header) ? header[0] : header);
  };
}
