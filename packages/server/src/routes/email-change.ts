import type { Ctx } from '../context.js';
import * as emailChange from '../services/email-change.js';
import type { Handlers } from './register.js';

/** Changing one's e-mail address (docs/api.md, "Changing the e-mail address"). */
export const emailChangeHandlers = (ctx: Ctx) =>
  ({
    changeEmail: (req) =>
      emailChange.requestEmailChange(ctx, req.actor, req.body, {
        address: req.ip,
        origin: `${req.protocol}://${req.host}`,
      }),
    confirmEmailChange: (req) => emailChange.confirmEmailChange(ctx, req.body.token, req.ip),
  }) satisfies Partial<Handlers>;
