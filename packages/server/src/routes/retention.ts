import type { Ctx } from '../context.js';
import * as retention from '../services/retention.js';
import type { Handlers } from './register.js';

export const retentionHandlers = (ctx: Ctx) =>
  ({
    getRetention: (req) => retention.getRetention(ctx, req.actor),
    setRetention: (req) => retention.setRetention(ctx, req.actor, req.body.days),
    getChannelRetention: (req) => retention.getChannelRetention(ctx, req.actor, req.params.gid),
    setChannelRetention: (req) =>
      retention.setChannelRetention(ctx, req.actor, req.params.gid, req.body.days),
  }) satisfies Partial<Handlers>;
