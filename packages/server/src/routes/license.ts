import type { Ctx } from '../context.js';
import * as license from '../services/license/index.js';
import type { Handlers } from './register.js';

export const licenseHandlers = (ctx: Ctx) =>
  ({
    getLicense: () => license.getLicense(ctx),
    checkLicense: (req) => license.checkLicense(ctx, req.actor, req.body.license),
    putLicense: (req) => license.putLicense(ctx, req.actor, req.body.license),
    getLicenseRenewal: (req) => license.licenseRenewal(ctx, req.actor, req.query.domain),
    renewLicense: (req) => license.renewLicense(ctx, req.actor, req.body.session_id),
  }) satisfies Partial<Handlers>;
