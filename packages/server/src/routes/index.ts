import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { adminHandlers } from './admin.js';
import { auditHandlers } from './audit.js';
import { licenseHandlers } from './license.js';
import { retentionHandlers } from './retention.js';
import { botHandlers } from './bots.js';
import { accountHandlers } from './accounts.js';
import { conversationHandlers } from './conversations.js';
import { archiveHandlers } from './archives.js';
import { eventHandlers } from './events.js';
import { fileHandlers } from './files.js';
import { groupHandlers } from './groups.js';
import { inviteHandlers } from './invites.js';
import { messageHandlers } from './messages.js';
import { previewHandlers } from './previews.js';
import { notificationHandlers } from './notifications.js';
import { preferenceHandlers } from './preferences.js';
import { embeddingHandlers } from './embedding.js';
import { registerRoutes } from './register.js';
import { searchHandlers } from './search.js';
import { signinHandlers } from './signin.js';
import { thirdPartyHandlers } from './third-party.js';
import { emailChangeHandlers } from './email-change.js';
import { totpHandlers } from './totp.js';
import { systemHandlers } from './system.js';
import { tokenHandlers } from './token.js';
import { userHandlers } from './users.js';
import { voiceHandlers } from './voice.js';
import { widgetHandlers } from './widget.js';

/** The API under `/api`: every entry of the route table with its handler (a missing one fails typecheck). */
export const apiRoutes = (ctx: Ctx) => async (api: FastifyInstance) =>
  registerRoutes(api, ctx, {
    ...systemHandlers(ctx),
    ...licenseHandlers(ctx),
    ...tokenHandlers(ctx),
    ...userHandlers(ctx),
    ...conversationHandlers(ctx),
    ...groupHandlers(ctx),
    ...messageHandlers(ctx),
    ...searchHandlers(ctx),
    ...eventHandlers(ctx),
    ...inviteHandlers(ctx),
    ...botHandlers(ctx),
    ...adminHandlers(ctx),
    ...auditHandlers(ctx),
    ...retentionHandlers(ctx),
    ...accountHandlers(ctx),
    ...fileHandlers(ctx),
    ...archiveHandlers(ctx),
    ...previewHandlers(ctx),
    ...notificationHandlers(ctx),
    ...preferenceHandlers(ctx),
    ...embeddingHandlers(ctx),
    ...voiceHandlers(ctx),
    ...signinHandlers(ctx),
    ...thirdPartyHandlers(ctx),
    ...totpHandlers(ctx),
    ...emailChangeHandlers(ctx),
    ...widgetHandlers(ctx),
  });
