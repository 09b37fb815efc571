import type { Ctx } from '../context.js';
import { corsHeaders } from '../http/cors.js';
import { assertStreamable, openStream } from '../services/stream.js';
import type { Handlers } from './register.js';

export const eventHandlers = (ctx: Ctx) =>
  ({
    openEvents: async (req, reply) => {
      await assertStreamable(ctx, req.actor);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        // The connection ends with the stream. Kept alive, a proxy's connection would outlive
        // a stream closed at shutdown and hold the node's exit until the keep-alive timeout.
        connection: 'close',
        'x-accel-buffering': 'no',
        ...corsHeaders(req.headers.origin, ctx.config.http.corsOrigins),
      });
      res.socket?.setNoDelay(true);
      const conn = await openStream(ctx, ctx.hub, req.actor, req.query, {
        write: (frame) => {
          res.write(frame);
          return res.writableLength;
        },
        end: () => res.end(),
      }).catch((err: unknown) => {
        req.log.error({ err }, 'event stream failed to open');
        res.end();
        return undefined;
      });
      if (!conn) return;
      res.on('close', () => conn.close());
      if (res.destroyed) conn.close();
    },
  }) satisfies Partial<Handlers>;
