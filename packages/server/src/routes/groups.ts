import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ChangeGroupTypeRequest,
  CreateGroupRequest,
  CreateGroupResponse,
  Group,
  MemberList,
  RegMagicLinkQuery,
  UpdateGroupRequest,
} from '@parley/protocol';
import type { Ctx } from '../context.js';
import { actorOf, requireActor } from '../http/auth.js';
import { imageBytes } from '../http/body.js';
import * as groups from '../services/groups.js';
import { createRegistrationLink } from '../services/invites.js';
import { Empty, GidParams, Text, IMAGE_BODY_LIMIT } from './schemas.js';

export const groupRoutes =
  (ctx: Ctx): FastifyPluginAsyncTypebox =>
  async (app) => {
    const auth = { onRequest: requireActor(ctx) };
    const tags = ['group'];

    app.post(
      '/group',
      { ...auth, schema: { tags, body: CreateGroupRequest, response: { 200: CreateGroupResponse } } },
      (req) => groups.createGroup(ctx, actorOf(req), req.body),
    );
    app.get(
      '/group',
      {
        ...auth,
        schema: {
          tags,
          querystring: Type.Object({ public_only: Type.Optional(Type.Boolean()) }),
          response: { 200: Type.Array(Group) },
        },
      },
      async (req) => {
        const list = await groups.listGroups(ctx, actorOf(req));
        return req.query.public_only ? list.filter((g) => g.is_public) : list;
      },
    );
    app.get(
      '/group/create_reg_magic_link',
      { ...auth, schema: { tags, querystring: RegMagicLinkQuery, response: { 200: Text } } },
      async (req, reply) => {
        const origin = `${req.protocol}://${req.host}`;
        const link = await createRegistrationLink(ctx, actorOf(req), req.query, origin);
        reply.type('text/plain; charset=utf-8');
        return link;
      },
    );
    app.get(
      '/group/:gid',
      { ...auth, schema: { tags, params: GidParams, response: { 200: Group } } },
      (req) => groups.getGroup(ctx, actorOf(req), req.params.gid),
    );
    app.put(
      '/group/:gid',
      { ...auth, schema: { tags, params: GidParams, body: UpdateGroupRequest, response: { 200: Empty } } },
      async (req, reply) => {
        await groups.updateGroup(ctx, actorOf(req), req.params.gid, req.body);
        return reply.send();
      },
    );
    app.delete(
      '/group/:gid',
      { ...auth, schema: { tags, params: GidParams, response: { 200: Empty } } },
      async (req, reply) => {
        await groups.deleteGroup(ctx, actorOf(req), req.params.gid);
        return reply.send();
      },
    );
    app.post(
      '/group/:gid/change_type',
      {
        ...auth,
        schema: { tags, params: GidParams, body: ChangeGroupTypeRequest, response: { 200: Empty } },
      },
      async (req, reply) => {
        await groups.changeGroupType(ctx, actorOf(req), req.params.gid, req.body);
        return reply.send();
      },
    );
    app.get(
      '/group/:gid/leave',
      { ...auth, schema: { tags, params: GidParams, response: { 200: Empty } } },
      async (req, reply) => {
        await groups.leaveGroup(ctx, actorOf(req), req.params.gid);
        return reply.send();
      },
    );
    app.post(
      '/group/:gid/members/add',
      { ...auth, schema: { tags, params: GidParams, body: MemberList, response: { 200: Empty } } },
      async (req, reply) => {
        await groups.addMembers(ctx, actorOf(req), req.params.gid, req.body);
        return reply.send();
      },
    );
    app.post(
      '/group/:gid/members/remove',
      { ...auth, schema: { tags, params: GidParams, body: MemberList, response: { 200: Empty } } },
      async (req, reply) => {
        await groups.removeMembers(ctx, actorOf(req), req.params.gid, req.body);
        return reply.send();
      },
    );
    app.post(
      '/group/:gid/avatar',
      { ...auth, bodyLimit: IMAGE_BODY_LIMIT, schema: { tags, params: GidParams, response: { 200: Empty } } },
      async (req, reply) => {
        await groups.setGroupAvatar(ctx, actorOf(req), req.params.gid, imageBytes(req));
        return reply.send();
      },
    );
    app.get(
      '/resource/group_avatar',
      { schema: { tags, querystring: Type.Object({ gid: Type.Integer({ minimum: 0 }) }) } },
      async (req, reply) =>
        reply
          .type('image/png')
          .header('cache-control', 'public, max-age=31536000')
          .send(await groups.getGroupAvatar(ctx, req.query.gid)),
    );
  };
