import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ChatMessage, HistoryQuery, Id, ReadIndexRequest } from '@parley/protocol';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import { actorOf, requireActor } from '../http/auth.js';
import * as messages from '../services/messages.js';
import { Empty, GidParams, UidParams } from './schemas.js';

const outgoing = (req: FastifyRequest): messages.OutgoingMessage => {
  const props = req.headers['x-properties'];
  return {
    contentType: req.headers['content-type'],
    body: req.body,
    propertiesHeader: Array.isArray(props) ? props[0] : props,
  };
};

const SendSchema = {
  tags: ['message'],
  description:
    'Body is the raw message text; Content-Type text/plain or text/markdown; optional X-Properties header.',
  response: { 200: Id },
};

export const messageRoutes =
  (ctx: Ctx): FastifyPluginAsyncTypebox =>
  async (app) => {
    const auth = { onRequest: requireActor(ctx) };
    const tags = ['message'];

    // Message bodies are read as raw bytes whatever their Content-Type, so that the service checks
    // in the contract's order (API.md §15.6): 404 and 403 come before 415 for the type and 400 for the body.
    const sendRoutes: FastifyPluginAsyncTypebox = async (send) => {
      send.removeAllContentTypeParsers();
      send.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      send.post('/group/:gid/send', { ...auth, schema: { ...SendSchema, params: GidParams } }, (req) =>
        messages.sendToGroup(ctx, actorOf(req), req.params.gid, outgoing(req)),
      );
      send.post('/user/:uid/send', { ...auth, schema: { ...SendSchema, params: UidParams } }, (req) =>
        messages.sendToUser(ctx, actorOf(req), req.params.uid, outgoing(req)),
      );
    };
    await app.register(sendRoutes);
    app.get(
      '/group/:gid/history',
      {
        ...auth,
        schema: {
          tags,
          params: GidParams,
          querystring: HistoryQuery,
          response: { 200: Type.Array(ChatMessage) },
        },
      },
      (req) => messages.groupHistory(ctx, actorOf(req), req.params.gid, req.query),
    );
    app.get(
      '/user/:uid/history',
      {
        ...auth,
        schema: {
          tags,
          params: UidParams,
          querystring: HistoryQuery,
          response: { 200: Type.Array(ChatMessage) },
        },
      },
      (req) => messages.dmHistory(ctx, actorOf(req), req.params.uid, req.query),
    );
    app.post(
      '/user/read-index',
      { ...auth, schema: { tags, body: ReadIndexRequest, response: { 200: Empty } } },
      async (req, reply) => {
        await messages.updateReadIndex(ctx, actorOf(req), req.body);
        return reply.send();
      },
    );
  };
