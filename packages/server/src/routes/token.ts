import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginRequest, LoginResponse, RenewRequest, RenewResponse } from '@parley/protocol';
import type { FastifyError, FastifyReply } from 'fastify';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { actorOf, requireActor } from '../http/auth.js';
import * as sessions from '../services/sessions.js';
import { Empty } from './schemas.js';

export const tokenRoutes =
  (ctx: Ctx): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['token'];
    app.post(
      '/token/login',
      { schema: { tags, body: LoginRequest, response: { 200: LoginResponse } } },
      (req) => sessions.login(ctx, req.body, req.ip),
    );
    // Renew validates by hand: every failure, malformed bodies included, must be 401 (API.md §15.4).
    app.post(
      '/token/renew',
      {
        schema: { tags, body: RenewRequest, response: { 200: RenewResponse } },
        errorHandler: (err: FastifyError, _req, reply) => {
          const status = err instanceof AppError ? err.status : (err.statusCode ?? 500);
          if (status >= 500 && !err.validation) throw err;
          return (reply as FastifyReply)
            .status(401)
            .type('text/plain; charset=utf-8')
            .send('authorization error');
        },
      },
      (req) => sessions.renew(ctx, req.body),
    );
    app.get(
      '/token/logout',
      { onRequest: requireActor(ctx), schema: { tags, response: { 200: Empty } } },
      async (req, reply) => {
        await sessions.logout(ctx, actorOf(req));
        return reply.send();
      },
    );
  };
