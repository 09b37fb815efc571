/**
 * The API's documentation, made on first use: the OpenAPI document (`GET /api/spec`) and the
 * Swagger UI that shows it (`/api/swagger`). @fastify/swagger, @fastify/swagger-ui and what they
 * load (yaml, json-schema-resolver, a second @fastify/static) held ~2.7 MB in every node at rest,
 * and few servers are ever asked for their documentation (docs/benchmarks.md, "Idle RSS: the API
 * documentation on first use"). So the first request for the documentation builds a second
 * Fastify instance that never listens: both plugins and the server's routes, with their schemas
 * but not their handlers, and no validators or serializers. Its answers are passed on; a path it
 * does not know is this server's own 404.
 */
import { API_LEVEL, PRODUCT_VERSION } from '@parley/protocol';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { RegisteredRoute } from './route-list.js';
import { cachedSerializerFactory } from './serialization.js';
import { validatorFactory } from './validation.js';

export const API_DOCS_UI_PREFIX = '/api/swagger';

const OPENAPI = {
  info: {
    title: 'Parley API (VoceChat wire contract)',
    version: `${API_LEVEL} (Parley ${PRODUCT_VERSION})`,
  },
  servers: [{ url: '/api' }],
  components: {
    securitySchemes: { api_key: { type: 'apiKey' as const, in: 'header' as const, name: 'X-API-Key' } },
  },
};

/** What the browser's request may carry that changes the UI's answer (conditional and partial GETs). */
const REQUEST_HEADERS = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'range'];
/** What of the UI's answer is passed on; length, connection and date are this server's own. */
const RESPONSE_HEADERS = [
  'content-type',
  'content-encoding',
  'location',
  'etag',
  'last-modified',
  'cache-control',
  'accept-ranges',
  'content-range',
  'vary',
];

export interface ApiDocs {
  /** The OpenAPI document of the server's routes. */
  spec(): Promise<unknown>;
}

/**
 * Registers `GET /api/swagger` and everything below it (the Swagger UI, its files and the document
 * as JSON and YAML); `routes` is the server's list of every route (`listRoutes`), complete by the
 * time the first request comes.
 */
export function installApiDocs(app: FastifyInstance, routes: readonly RegisteredRoute[]): ApiDocs {
  let built: Promise<FastifyInstance> | undefined;
  const docs = () => {
    built ??= buildDocumentation(routes).catch((err: unknown) => {
      built = undefined;
      throw err;
    });
    return built;
  };

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const headers: Record<string, string> = {};
    for (const name of REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await (await docs()).inject({ method: 'GET', url: request.url, headers });
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const name of RESPONSE_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    reply.code(answer.statusCode);
    // An empty answer (a redirect, a 304) stays empty, without a content type of its own.
    return answer.rawPayload.length > 0 ? reply.send(answer.rawPayload) : reply.send();
  }

  const hidden = { schema: { hide: true } };
  app.get(API_DOCS_UI_PREFIX, hidden, forward);
  app.get(`${API_DOCS_UI_PREFIX}/*`, hidden, forward);
  return { spec: async () => (await docs()).swagger() };
}

async function buildDocumentation(routes: readonly RegisteredRoute[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({
    logger: false,
    // The server's own compilers, which compile a schema on its first request: here none comes, so
    // nothing is compiled, and Fastify does not load Ajv for its default.
    schemaController: {
      compilersFactory: { buildValidator: validatorFactory, buildSerializer: cachedSerializerFactory },
    },
  });
  await docs.register(swagger, { openapi: OPENAPI });
  await docs.register(swaggerUi, { routePrefix: API_DOCS_UI_PREFIX });
  // A hidden route is left out of the document anyway (the documentation's own among them).
  for (const route of routes.filter((r) => !(r.schema as { hide?: boolean } | undefined)?.hide)) {
    docs.route({
      method: route.method,
      url: route.url,
      // A copy: Fastify normalises a route's schema in place, and the server's own routes compile
      // their validators from these objects on first use.
      schema: route.schema === undefined ? undefined : structuredClone(route.schema),
      // Only the UI's own routes answer here; were one of these reached, it is not documentation.
      handler: (_request, reply) => reply.callNotFound(),
    });
  }
  await docs.ready();
  return docs;
}
