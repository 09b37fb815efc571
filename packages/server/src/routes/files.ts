import type { Ctx } from '../context.js';
import { readChunk } from '../http/multipart.js';
import { sendFile } from '../http/send-file.js';
import * as admin from '../services/files/admin.js';
import { listMemberFiles } from '../services/files/member-files.js';
import { findFile } from '../services/files/serve.js';
import * as upload from '../services/files/upload.js';
import type { Handlers } from './register.js';

export const fileHandlers = (ctx: Ctx) =>
  ({
    prepareFile: (req) => upload.prepareFile(ctx, req.actor, req.body),
    uploadFile: async (req) => upload.uploadChunk(ctx, req.actor, await readChunk(req)),
    uploadStatus: (req) => upload.uploadStatus(ctx, req.actor, req.query.file_id),
    getFile: async (req, reply) => sendFile(req, reply, ctx.blobs, await findFile(ctx, req.query)),
    deleteAllFiles: (req) => admin.deleteAllFiles(ctx, req.actor),
    botPrepareFile: (req) => upload.prepareFile(ctx, req.actor, req.body),
    botUploadFile: async (req) => upload.uploadChunk(ctx, req.actor, await readChunk(req)),
    adminFiles: (req) => admin.listFiles(ctx, req.actor, req.query),
    memberFiles: (req) => listMemberFiles(ctx, req.actor, req.query),
  }) satisfies Partial<Handlers>;
