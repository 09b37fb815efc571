import type { Ctx } from '../context.js';
import { sendFile } from '../http/send-file.js';
import * as archives from '../services/archives.js';
import * as favorites from '../services/favorites.js';
import type { Handlers } from './register.js';
import { IMMUTABLE } from './users.js';

export const archiveHandlers = (ctx: Ctx) =>
  ({
    createArchive: (req) => archives.createArchive(ctx, req.actor, req.body.mid_list),
    getArchive: async (req, reply) => {
      const archive = await archives.getArchive(ctx, req.query.file_path);
      reply.header('cache-control', IMMUTABLE);
      return archive;
    },
    getArchiveAttachment: async (req, reply) =>
      sendFile(req, reply, ctx.blobs, await archives.getArchiveAttachment(ctx, req.query)),
    getFavoriteAttachment: async (req, reply) =>
      sendFile(
        req,
        reply,
        ctx.blobs,
        await favorites.getFavoriteAttachment(ctx, req.params, req.query.download),
      ),
    createFavorite: (req) => favorites.createFavorite(ctx, req.actor, req.body.mid_list),
    listFavorites: (req) => favorites.listFavorites(ctx, req.actor),
    getFavorite: (req) => favorites.getFavorite(ctx, req.actor, req.params.id),
    deleteFavorite: (req) => favorites.deleteFavorite(ctx, req.actor, req.params.id),
  }) satisfies Partial<Handlers>;
