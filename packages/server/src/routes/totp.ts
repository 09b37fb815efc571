import type { Ctx } from '../context.js';
import * as twoFactor from '../services/two-factor/index.js';
import type { Handlers } from './register.js';

/** Two-factor sign-in (docs/api.md, "Two-factor sign-in"). */
export const totpHandlers = (ctx: Ctx) =>
  ({
    loginTotp: (req) => twoFactor.loginWithCode(ctx, req.body, req.ip),
    getTotp: (req) => twoFactor.getStatus(ctx, req.actor),
    setupTotp: (req) => twoFactor.setup(ctx, req.actor),
    enableTotp: (req) => twoFactor.enable(ctx, req.actor, req.body.code, req.ip),
    disableTotp: (req) => twoFactor.disable(ctx, req.actor, req.body.code, req.ip),
    regenerateTotpRecoveryCodes: (req) =>
      twoFactor.regenerateRecoveryCodes(ctx, req.actor, req.body.code, req.ip),
    adminGetUserTotp: (req) => twoFactor.adminStatus(ctx, req.actor, req.params.uid),
    adminResetUserTotp: (req) => twoFactor.adminReset(ctx, req.actor, req.params.uid),
    getTotpPolicy: (req) => twoFactor.getPolicy(ctx, req.actor),
    setTotpPolicy: (req) => twoFactor.setPolicy(ctx, req.actor, req.body),
  }) satisfies Partial<Handlers>;
