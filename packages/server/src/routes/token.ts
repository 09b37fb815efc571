import type { Ctx } from '../context.js';
import { loginGuest } from '../services/guests.js';
import { signIn } from '../services/magic-links.js';
import * as sessions from '../services/sessions.js';
import type { Handlers } from './register.js';

export const tokenHandlers = (ctx: Ctx) =>
  ({
    login: (req) => signIn(ctx, req.body, req.ip),
    // Renew validates by hand: every failure, malformed bodies included, must be 401 (API.md §15.4);
    // the shared error handler answers so (clientErrorsAs401) with the same connection handling.
    renew: {
      handler: (req) => sessions.renew(ctx, req.body),
      options: { config: { clientErrorsAs401: true } },
    },
    logout: (req) => sessions.logout(ctx, req.actor),
    loginGuest: (req) => loginGuest(ctx, req.ip),
  }) satisfies Partial<Handlers>;
