/**
 * Every route the app registers, with its schema, as Fastify saw it. The authorization table and
 * the fuzzer enumerate these, so a route added anywhere is one they must cover.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

export function listRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      // Fastify adds HEAD for every GET; it answers as its GET does.
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
  return routes;
}
