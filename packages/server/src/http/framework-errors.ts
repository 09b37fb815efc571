/**
 * Errors the router raises before any route or error handler runs (a path that is not valid
 * percent-encoding, a path parameter over `maxParamLength`). Fastify would answer them with its own
 * JSON echoing the whole path; the contract wants a short plain-text 400 (API.md §1.6), as for
 * any other unparsable path parameter. Found by the fuzzer (test/fuzz.test.ts).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export function answerFrameworkError(
  _err: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.status(400).type('text/plain; charset=utf-8').send('invalid path');
}
