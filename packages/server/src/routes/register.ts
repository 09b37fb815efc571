/**
 * Registers the API from the route table in `protocol`: each entry's schemas, authentication and
 * reply encoding are applied here, so a route file supplies only its handlers.
 */
import {
  API_ROUTES,
  ChatMessageList,
  LIMITS,
  replySchema,
  type ApiBody,
  type ApiParams,
  type ApiQuery,
  type ApiRoutes,
  type RouteName,
  type RouteSpec,
} from '@parley/protocol';
import type { Static, TSchema } from 'typebox';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Actor, Ctx } from '../context.js';
import { requireActor, requireBot } from '../http/auth.js';
import { chatMessagesSerializer } from '../http/chat-json.js';
import { MULTIPART_LIMITS } from '../http/multipart.js';
import { namedPlugin } from '../http/plugin-name.js';
import { authenticate } from '../services/sessions.js';

/** What a handler returns for an image route; the caller's cache policy travels with it. */
export interface ImageReply {
  image: Buffer;
  contentType: string;
  cacheControl: string;
}

type Json<R> = R extends { readonly response: infer S extends TSchema } ? Static<S> : never;
type Out<R> = R extends { readonly kind: 'json' }
  ? Json<R>
  : R extends { readonly kind: 'text' }
    ? string
    : R extends { readonly kind: 'image' }
      ? ImageReply
      : R extends { readonly kind: 'file' }
        ? FastifyReply
        : void;

/** A request as a route's table entry types it; `actor` is set on every authenticated route. */
export type RouteRequest<K extends RouteName> = FastifyRequest<{
  Params: ApiParams<K>;
  Querystring: ApiQuery<K>;
  Body: ApiRoutes[K] extends { readonly upload: string } ? unknown : ApiBody<K>;
}> & { actor: ApiRoutes[K] extends { readonly auth: 'public' } ? Actor | null : Actor };

export type Handler<K extends RouteName> = (
  req: RouteRequest<K>,
  reply: FastifyReply,
) => Out<ApiRoutes[K]> | Promise<Out<ApiRoutes[K]>>;

/** A handler with route options the table cannot express (route config for the error handler). */
export interface HandlerWith<K extends RouteName> {
  handler: Handler<K>;
  options: Pick<RouteShorthandOptions, 'config'>;
}

export type Handlers = { [K in RouteName]: Handler<K> | HandlerWith<K> };

/** Image uploads may be larger than JSON bodies; the service still refuses what it cannot decode. */
const IMAGE_BODY_LIMIT = LIMITS.imageMaxBytes;

/** Registers every route of the table, in table order (the order of the OpenAPI document). */
export async function registerRoutes(app: FastifyInstance, ctx: Ctx, handlers: Handlers): Promise<void> {
  for (const name of Object.keys(API_ROUTES) as RouteName[]) {
    const entry = handlers[name] as unknown as Handler<RouteName> | HandlerWith<RouteName>;
    const [handler, options] = typeof entry === 'function' ? [entry, {}] : [entry.handler, entry.options];
    const spec: RouteSpec = API_ROUTES[name];
    const route = routeOptions(ctx, spec, handler, options);
    if (spec.upload === 'message')
      await app.register(
        namedPlugin(`raw body: ${name}`, async (raw: FastifyInstance) => {
          rawBodies(raw);
          raw.route(route);
        }),
      );
    else if (spec.upload === 'multipart')
      await app.register(
        namedPlugin(`multipart: ${name}`, async (parts: FastifyInstance) => {
          await parts.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
          parts.route(route);
        }),
      );
    else app.route(route);
  }
}

/**
 * Message bodies are read as raw bytes whatever their Content-Type, so that the service checks in
 * the contract's order (API.md §15.6): 404 and 403 come before 415 for the type and 400 for the body.
 */
function rawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
}

function routeOptions(
  ctx: Ctx,
  spec: RouteSpec,
  handler: Handler<RouteName>,
  options: HandlerWith<RouteName>['options'],
) {
  const response = replySchema(spec);
  return {
    method: spec.method,
    url: spec.path,
    ...options,
    ...(spec.auth === 'header' && { onRequest: requireActor(ctx) }),
    ...(spec.auth === 'bot' && { onRequest: requireBot(ctx) }),
    ...(spec.auth === 'query' && { preValidation: actorFromQuery(ctx) }),
    ...(spec.upload === 'image' && { bodyLimit: IMAGE_BODY_LIMIT }),
    // History pages: the schema's output without fast-json-stringify's Ajv per record (chat-json.ts).
    ...(response === ChatMessageList && { serializerCompiler: chatMessagesSerializer }),
    schema: {
      tags: [spec.tag],
      ...(spec.description && { description: spec.description }),
      ...(spec.params && { params: spec.params }),
      ...(spec.query && { querystring: spec.query }),
      ...(spec.body && { body: spec.body }),
      ...(spec.headers && { headers: spec.headers }),
      ...(response && { response: { 200: response } }),
    },
    handler: encoder(spec, handler),
  };
}

/**
 * The key arrives as a query parameter (the stream, and images an `<img>` loads). Checked before
 * the rest of the query is validated, so a caller without a key learns 401, not what the query
 * lacks; a repeated `api-key` arrives as an array and fails authentication like any bad key.
 */
const actorFromQuery = (ctx: Ctx) => async (request: FastifyRequest) => {
  const key = (request.query as { 'api-key'?: unknown })['api-key'];
  request.actor = await authenticate(ctx, typeof key === 'string' ? key : undefined);
};

/** Turns a handler's result into the reply its kind promises. */
function encoder(spec: RouteSpec, handler: Handler<RouteName>) {
  const run = (req: FastifyRequest, reply: FastifyReply) => handler(req as RouteRequest<RouteName>, reply);
  switch (spec.kind) {
    case 'empty':
      return async (req: FastifyRequest, reply: FastifyReply) => {
        await run(req, reply);
        return reply.send();
      };
    case 'text':
      return async (req: FastifyRequest, reply: FastifyReply) => {
        const text = await run(req, reply);
        reply.type('text/plain; charset=utf-8');
        return text;
      };
    case 'image':
      return async (req: FastifyRequest, reply: FastifyReply) => {
        const { image, contentType, cacheControl } = (await run(req, reply)) as ImageReply;
        return reply.type(contentType).header('cache-control', cacheControl).send(image);
      };
    case 'json':
      // Fastify would send a bare string as text; the contract wants a JSON string (`"<id>"`).
      return async (req: FastifyRequest, reply: FastifyReply) => {
        const out = await run(req, reply);
        if (typeof out !== 'string') return out;
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(out));
      };
    // The handler has sent the reply itself (ranges, conditional requests).
    case 'file':
    default:
      return run;
  }
}
