import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EventsQuery } from '@parley/protocol';
import type { Ctx } from '../context.js';
import { corsHeaders } from '../http/cors.js';
import { authenticate } from '../services/sessions.js';
import { assertStreamable, openStream } from '../services/stream.js';

export const eventRoutes =
  (ctx: Ctx): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/user/events',
      {
        schema: {
          tags: ['events'],
          querystring: EventsQuery,
          description: 'Server-sent events: one `data: <json>` line per event (API.md §9).',
        },
      },
      async (req, reply) => {
        const actor = await authenticate(ctx, req.query['api-key']);
        assertStreamable(ctx);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          // The connection ends with the stream. Kept alive, a proxy's connection would outlive
          // a stream closed at shutdown and hold the node's exit until the keep-alive timeout.
          connection: 'close',
          'x-accel-buffering': 'no',
          ...corsHeaders(req.headers.origin),
        });
        res.socket?.setNoDelay(true);
        const conn = await openStream(ctx, ctx.hub, actor, req.query, {
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
    );
  };
