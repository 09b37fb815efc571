import { isAgoraEnabled } from '../services/agora.js';
import { isSmtpEnabled } from '../services/mail.js';
import * as system from '../services/system.js';
import type { Ctx } from '../context.js';
import { imageBytes } from '../http/body.js';
import type { Handlers } from './register.js';

export const systemHandlers = (ctx: Ctx) =>
  ({
    isInitialized: () => system.isInitialized(ctx),
    createAdmin: (req) => system.createAdmin(ctx, req.body, `${req.protocol}://${req.host}`),
    getVersion: () => system.apiLevel(),
    getOrganization: () => system.getOrganization(ctx),
    updateOrganization: (req) => system.updateOrganization(ctx, req.actor, req.body),
    updateOrganizationByPost: (req) => system.updateOrganization(ctx, req.actor, req.body),
    setOrganizationLogo: (req) => system.setOrganizationLogo(ctx, req.actor, imageBytes(req), req.query.crop),
    getOrganizationLogo: async () => ({
      ...(await system.getOrganizationLogo(ctx)),
      cacheControl: 'no-cache',
    }),
    getMetrics: (req) => system.getMetrics(ctx, req.actor),
    getSystemCommon: () => system.getSystemCommon(ctx),
    updateSystemCommon: (req) => system.updateSystemCommon(ctx, req.actor, req.body),
    getLoginConfig: () => system.getLoginConfig(ctx),
    setLoginConfig: (req) => system.setLoginConfig(ctx, req.actor, req.body),
    isSmtpEnabled: () => isSmtpEnabled(ctx),
    isAgoraEnabled: () => isAgoraEnabled(ctx),
    // Google and GitHub: routes/signin.ts. Parley has no tunnels: that route answers "not
    // configured" so that clients, which call it at boot, show no errors (API.md §15.1).
    getCloudflaredAutoInfo: () => ({
      auto_cftunnel: false,
      tunnel_status: { status: 'idle', url: '', error: '' },
    }),
  }) satisfies Partial<Handlers>;
