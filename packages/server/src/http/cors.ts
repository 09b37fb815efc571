/**
 * CORS as VoceChat's server does it (API.md §1.5): echo the Origin with credentials, answer
 * preflights with the requested headers, so a client on another port (the dev server) works.
 * `CORS_ORIGINS` narrows it to a list (docs/deploy.md); other origins then get no CORS headers,
 * so browsers keep their pages from reading answers.
 */
import type { FastifyInstance } from 'fastify';

/** `allowed`: the configured origins, or undefined for any. */
export function corsHeaders(
  origin: string | undefined,
  allowed: string[] | undefined,
): Record<string, string> {
  if (!origin || (allowed && !allowed.includes(origin))) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  };
}

export function installCors(app: FastifyInstance, allowed: string[] | undefined): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || (allowed && !allowed.includes(origin))) return;
    reply.headers(corsHeaders(origin, allowed));
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
