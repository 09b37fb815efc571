/**
 * CORS as VoceChat's server does it (API.md §1.5): echo the Origin with credentials, answer
 * preflights with the requested headers, so a client on another port (the dev server) works.
 */
import type { FastifyInstance } from 'fastify';

export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!origin) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  };
}

export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    reply.headers(corsHeaders(origin));
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      await reply
        .status(200)
        .headers({
          'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS',
          'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
          'access-control-max-age': '86400',
        })
        .send();
    }
  });
}
