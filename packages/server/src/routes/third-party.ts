import type { Ctx } from '../context.js';
import * as thirdParty from '../services/signin/third-party.js';
import type { Handlers } from './register.js';

/** Third-party sign-in: the secret and the keys minted with it (docs/third-party.md). */
export const thirdPartyHandlers = (ctx: Ctx) =>
  ({
    getThirdPartySecret: (req) => thirdParty.getSecret(ctx, req.actor),
    regenerateThirdPartySecret: (req) => thirdParty.regenerateSecret(ctx, req.actor),
    createThirdPartyKey: (req) => thirdParty.createKey(ctx, req.headers['x-secret'], req.body, req.ip),
  }) satisfies Partial<Handlers>;
