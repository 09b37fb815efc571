import type { Ctx } from '../context.js';
import { openGraph, proxyImage } from '../services/link-previews.js';
import type { Handlers } from './register.js';

export const previewHandlers = (ctx: Ctx) =>
  ({
    openGraph: async (req, reply) => {
      const { preview, cacheable } = await openGraph(
        ctx,
        req.actor,
        req.query.url,
        req.headers['accept-language'],
      );
      reply.header('cache-control', cacheable ? 'public, max-age=86400' : 'no-store');
      return preview;
    },
    imageProxy: (req) => proxyImage(ctx, req.actor, req.query),
  }) satisfies Partial<Handlers>;
