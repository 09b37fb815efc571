import type { FastifyError, FastifyReply } from 'fastify';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import * as sessions from '../services/sessions.js';
import type { Handlers } from './register.js';

export const tokenHandlers = (ctx: Ctx) =>
  ({
    login: (req) => sessions.login(ctx, req.body, req.ip),
    // Renew validates by hand: every failure, malformed bodies included, must be 401 (API.md §15.4).
    renew: {
      handler: (req) => sessions.renew(ctx, req.body),
      options: {
        errorHandler: (err: FastifyError, _req, reply) => {
          const status = err instanceof AppError ? err.status : (err.statusCode ?? 500);
          if (status >= 500 && !err.validation) throw err;
          return (reply as FastifyReply)
            .status(401)
            .type('text/plain; charset=utf-8')
            .send('authorization error');
        },
      },
    },
    logout: (req) => sessions.logout(ctx, req.actor),
  }) satisfies Partial<Handlers>;
