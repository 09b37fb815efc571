import type { Ctx } from '../context.js';
import * as embedding from '../services/embedding.js';
import type { Handlers } from './register.js';

export const embeddingHandlers = (ctx: Ctx) =>
  ({
    getEmbeddingConfig: (req) => embedding.getEmbeddingConfig(ctx, req.actor),
    setEmbeddingConfig: (req) => embedding.setEmbeddingConfig(ctx, req.actor, req.body),
  }) satisfies Partial<Handlers>;
