import { squareImageType } from '../blobs/images.js';
import type { Ctx } from '../context.js';
import { imageBytes } from '../http/body.js';
import { isUsableToken } from '../services/magic-links.js';
import * as contacts from '../services/contacts.js';
import * as users from '../services/users.js';
import type { Handlers } from './register.js';

/** Avatar URLs carry the update time, so a cached image never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000';

export const userHandlers = (ctx: Ctx) =>
  ({
    register: (req) => users.register(ctx, req.body, req.ip),
    checkEmail: (req) => users.checkEmailAvailable(ctx, req.query.email, req.ip),
    checkMagicToken: (req) => isUsableToken(ctx, req.body.magic_token, req.ip),
    listUsers: (req) => users.listUsers(ctx, req.actor),
    getMe: (req) => users.getUser(ctx, req.actor, req.actor.uid),
    updateMe: (req) => users.updateProfile(ctx, req.actor, req.body),
    setAvatar: (req) => users.setAvatar(ctx, req.actor, imageBytes(req), req.query.crop),
    getAvatar: async (req) => {
      const image = await users.getAvatar(ctx, req.query.uid);
      return { image, contentType: squareImageType(image), cacheControl: IMMUTABLE };
    },
    changePassword: (req) =>
      users.changePassword(ctx, req.actor, req.body.old_password, req.body.new_password, req.ip),
    deleteAccount: (req) => users.deleteAccount(ctx, req.actor),
    listContacts: (req) => contacts.listContacts(ctx, req.actor),
    getUser: (req) => users.getUser(ctx, req.actor, req.params.uid),
  }) satisfies Partial<Handlers>;
