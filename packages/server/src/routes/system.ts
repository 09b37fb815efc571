import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CloudflaredAutoInfo,
  CreateAdminRequest,
  License,
  LoginConfig,
  Metrics,
  Organization,
  PublicClientConfig,
  SystemCommon,
  UpdateOrganizationRequest,
  UpdateSystemCommonRequest,
  UserInfo,
} from '@parley/protocol';
import type { Ctx } from '../context.js';
import { actorOf, requireActor } from '../http/auth.js';
import { imageBytes } from '../http/body.js';
import * as system from '../services/system.js';
import { Empty, Text, IMAGE_BODY_LIMIT } from './schemas.js';

export const systemRoutes =
  (ctx: Ctx): FastifyPluginAsyncTypebox =>
  async (app) => {
    const auth = { onRequest: requireActor(ctx) };
    const tags = ['system'];

    app.get('/admin/system/initialized', { schema: { tags, response: { 200: Type.Boolean() } } }, () =>
      system.isInitialized(ctx),
    );
    app.post(
      '/admin/system/create_admin',
      { schema: { tags, body: CreateAdminRequest, response: { 200: UserInfo } } },
      (req) => system.createAdmin(ctx, req.body),
    );
    app.get('/admin/system/version', { schema: { tags, response: { 200: Text } } }, async (_req, reply) => {
      reply.type('text/plain; charset=utf-8');
      return system.apiLevel();
    });
    app.get('/admin/system/organization', { schema: { tags, response: { 200: Organization } } }, () =>
      system.getOrganization(ctx),
    );
    for (const method of ['PUT', 'POST'] as const) {
      app.route({
        method,
        url: '/admin/system/organization',
        ...auth,
        schema: { tags, body: UpdateOrganizationRequest, response: { 200: Empty } },
        handler: async (req, reply) => {
          await system.updateOrganization(ctx, actorOf(req), req.body);
          return reply.send();
        },
      });
    }
    app.post(
      '/admin/system/organization/logo',
      { ...auth, bodyLimit: IMAGE_BODY_LIMIT, schema: { tags, response: { 200: Empty } } },
      async (req, reply) => {
        await system.setOrganizationLogo(ctx, actorOf(req), imageBytes(req));
        return reply.send();
      },
    );
    app.get('/resource/organization/logo', { schema: { tags } }, async (_req, reply) => {
      const { image, contentType } = await system.getOrganizationLogo(ctx);
      return reply.type(contentType).header('cache-control', 'no-cache').send(image);
    });
    app.get('/admin/system/metrics', { ...auth, schema: { tags, response: { 200: Metrics } } }, (req) =>
      system.getMetrics(ctx, actorOf(req)),
    );
    app.get('/admin/system/common', { ...auth, schema: { tags, response: { 200: SystemCommon } } }, () =>
      system.getSystemCommon(ctx),
    );
    app.put(
      '/admin/system/common',
      { ...auth, schema: { tags, body: UpdateSystemCommonRequest, response: { 200: Empty } } },
      async (req, reply) => {
        await system.updateSystemCommon(ctx, actorOf(req), req.body);
        return reply.send();
      },
    );
    app.get('/admin/login/config', { schema: { tags, response: { 200: LoginConfig } } }, () =>
      system.getLoginConfig(ctx),
    );
    app.post(
      '/admin/login/config',
      { ...auth, schema: { tags, body: LoginConfig, response: { 200: Empty } } },
      async (req, reply) => {
        await system.setLoginConfig(ctx, actorOf(req), req.body);
        return reply.send();
      },
    );
    // Mail, voice, social sign-in and tunnels arrive in later issues; until then they answer
    // "not configured" so that clients, which call them at boot, show no errors (API.md §15.1).
    app.get('/admin/smtp/enabled', { schema: { tags, response: { 200: Type.Boolean() } } }, () => false);
    app.get(
      '/admin/agora/enabled',
      { ...auth, schema: { tags, response: { 200: Type.Boolean() } } },
      () => false,
    );
    for (const provider of ['google_auth', 'github_auth']) {
      app.get(
        `/admin/${provider}/public_config`,
        { schema: { tags, response: { 200: PublicClientConfig } } },
        () => ({ client_id: '' }),
      );
    }
    app.get(
      '/admin/cloudflared/auto_info',
      { schema: { tags, response: { 200: CloudflaredAutoInfo } } },
      () => ({
        auto_cftunnel: false,
        tunnel_status: { status: 'idle', url: '', error: '' },
      }),
    );
    app.get('/license', { schema: { tags, response: { 200: License } } }, () => system.getLicense());
  };
