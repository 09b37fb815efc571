/**
 * The route table: every `/api` endpoint, declared once. Its order is the order of the OpenAPI
 * document's paths.
 */
import { ADMIN_ROUTES } from './admin.js';
import { AUDIT_ROUTES } from './audit.js';
import { LICENSE_ROUTES } from './license.js';
import { RETENTION_ROUTES } from './retention.js';
import { BOT_ADMIN_ROUTES, BOT_ROUTES } from './bots.js';
import { ACCOUNT_ROUTES } from './accounts.js';
import { FILE_ROUTES } from './files.js';
import { CONVERSATION_ROUTES } from './conversations.js';
import { ARCHIVE_ROUTES, FAVORITE_ROUTES } from './archives.js';
import { GROUP_ROUTES } from './groups.js';
import { INVITE_ROUTES } from './invites.js';
import { EVENT_ROUTES, MESSAGE_ROUTES } from './messages.js';
import { PREVIEW_ROUTES } from './previews.js';
import { NOTIFICATION_ROUTES } from './notifications.js';
import { PREFERENCE_ROUTES } from './preferences.js';
import { EMBEDDING_ROUTES } from './embedding.js';
import { WIDGET_STYLE_ROUTES } from './widget-style.js';
import { routeRules, type RouteBody, type RouteParams, type RouteQuery, type RouteReply } from './route.js';
import { SEARCH_ROUTES } from './search.js';
import { SIGNIN_ROUTES } from './signin.js';
import { SYSTEM_ROUTES } from './system.js';
import { THIRD_PARTY_ROUTES } from './third-party.js';
import { TOTP_ROUTES } from './totp.js';
import { EMAIL_CHANGE_ROUTES } from './email-change.js';
import { TOKEN_ROUTES, USER_ROUTES } from './users.js';
import { AGORA_ROUTES, VOICE_ROUTES } from './voice.js';
import { WIDGET_ROUTES } from './widget.js';

export * from './route.js';

export const API_ROUTES = {
  ...SYSTEM_ROUTES,
  ...LICENSE_ROUTES,
  ...TOKEN_ROUTES,
  ...USER_ROUTES,
  ...CONVERSATION_ROUTES,
  ...GROUP_ROUTES,
  ...MESSAGE_ROUTES,
  ...SEARCH_ROUTES,
  ...EVENT_ROUTES,
  ...INVITE_ROUTES,
  ...BOT_ADMIN_ROUTES,
  ...ADMIN_ROUTES,
  ...AUDIT_ROUTES,
  ...RETENTION_ROUTES,
  ...BOT_ROUTES,
  ...ACCOUNT_ROUTES,
  ...FILE_ROUTES,
  ...ARCHIVE_ROUTES,
  ...FAVORITE_ROUTES,
  ...PREVIEW_ROUTES,
  ...NOTIFICATION_ROUTES,
  ...PREFERENCE_ROUTES,
  ...EMBEDDING_ROUTES,
  ...AGORA_ROUTES,
  ...VOICE_ROUTES,
  ...SIGNIN_ROUTES,
  ...THIRD_PARTY_ROUTES,
  ...TOTP_ROUTES,
  ...EMAIL_CHANGE_ROUTES,
  ...WIDGET_ROUTES,
  ...WIDGET_STYLE_ROUTES,
};
export type ApiRoutes = typeof API_ROUTES;
export type RouteName = keyof ApiRoutes;

export type ApiParams<K extends RouteName> = RouteParams<ApiRoutes[K]>;
export type ApiQuery<K extends RouteName> = RouteQuery<ApiRoutes[K]>;
export type ApiBody<K extends RouteName> = RouteBody<ApiRoutes[K]>;
export type ApiReply<K extends RouteName> = RouteReply<ApiRoutes[K]>;

/** The table as plain data, for clients that must not carry the schemas (the web bundle). */
export const apiRouteRules = () => routeRules(API_ROUTES);
export type ApiRouteRules = ReturnType<typeof apiRouteRules>;
