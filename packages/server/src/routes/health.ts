import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../context.js';
import { readiness } from '../services/health.js';

/** Outside `/api` and the OpenAPI document: these are for load balancers and orchestrators. */
export const healthRoutes =
  (ctx: Ctx): FastifyPluginAsyncTypebox =>
  async (app) => {
    // Liveness: the process answers. Restart it only when this fails.
    app.get('/health', { schema: { hide: true } }, (_req, reply) => reply.send());
    // Readiness: send it traffic only while this answers 200.
    app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
      const result = await readiness(ctx);
      if (!result.ready) reply.status(503).header('retry-after', '5');
      return result;
    });
  };
