import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ChangePasswordRequest,
  Contact,
  LoginResponse,
  RegisterRequest,
  UpdateUserRequest,
  UserInfo,
} from '@parley/protocol';
import type { Ctx } from '../context.js';
import { actorOf, requireActor } from '../http/auth.js';
import { imageBytes } from '../http/body.js';
import { isUsableInvite } from '../services/invites.js';
import * as users from '../services/users.js';
import { Empty, UidParams, IMAGE_BODY_LIMIT } from './schemas.js';

export const userRoutes =
  (ctx: Ctx): FastifyPluginAsyncTypebox =>
  async (app) => {
    const auth = { onRequest: requireActor(ctx) };
    const tags = ['user'];

    app.post(
      '/user/register',
      { schema: { tags, body: RegisterRequest, response: { 200: LoginResponse } } },
      (req) => users.register(ctx, req.body),
    );
    app.get(
      '/user/check_email',
      {
        schema: {
          tags,
          querystring: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }),
          response: { 200: Type.Boolean() },
        },
      },
      (req) => users.checkEmailAvailable(ctx, req.query.email),
    );
    app.post(
      '/user/check_magic_token',
      {
        schema: {
          tags,
          body: Type.Object({ magic_token: Type.String({ maxLength: 512 }) }),
          response: { 200: Type.Boolean() },
        },
      },
      (req) => isUsableInvite(ctx, req.body.magic_token),
    );
    app.get('/user', { ...auth, schema: { tags, response: { 200: Type.Array(UserInfo) } } }, () =>
      users.listUsers(ctx),
    );
    app.get('/user/me', { ...auth, schema: { tags, response: { 200: UserInfo } } }, (req) =>
      users.getUser(ctx, actorOf(req).uid),
    );
    app.put(
      '/user',
      { ...auth, schema: { tags, body: UpdateUserRequest, response: { 200: UserInfo } } },
      (req) => users.updateProfile(ctx, actorOf(req), req.body),
    );
    app.post(
      '/user/avatar',
      { ...auth, bodyLimit: IMAGE_BODY_LIMIT, schema: { tags, response: { 200: Empty } } },
      async (req, reply) => {
        await users.setAvatar(ctx, actorOf(req), imageBytes(req));
        return reply.send();
      },
    );
    app.get(
      '/resource/avatar',
      { schema: { tags, querystring: Type.Object({ uid: Type.Integer({ minimum: 0 }) }) } },
      async (req, reply) =>
        reply
          .type('image/png')
          .header('cache-control', 'public, max-age=31536000')
          .send(await users.getAvatar(ctx, req.query.uid)),
    );
    app.post(
      '/user/change_password',
      { ...auth, schema: { tags, body: ChangePasswordRequest, response: { 200: Empty } } },
      async (req, reply) => {
        await users.changePassword(ctx, actorOf(req), req.body.old_password, req.body.new_password);
        return reply.send();
      },
    );
    app.delete(
      '/user/delete',
      { ...auth, schema: { tags, response: { 200: Empty } } },
      async (req, reply) => {
        await users.deleteAccount(ctx, actorOf(req));
        return reply.send();
      },
    );
    // Contacts and favorites arrive with the messaging issue; clients list them at boot (API.md §15.1).
    app.get(
      '/user/contacts',
      { ...auth, schema: { tags, response: { 200: Type.Array(Contact) } } },
      () => [],
    );
    app.get(
      '/favorite',
      {
        ...auth,
        schema: {
          tags: ['favorite'],
          response: { 200: Type.Array(Type.Object({ id: Type.String(), created_at: Type.Integer() })) },
        },
      },
      () => [],
    );
    app.get(
      '/user/:uid',
      { ...auth, schema: { tags, params: UidParams, response: { 200: UserInfo } } },
      (req) => users.getUser(ctx, req.params.uid),
    );
  };
