import { adminOnly, type AuthRow, botOnly, everyone, image, json, row, toBot } from './shapes.js';

export const adminBotsRows: AuthRow[] = [
  // Bots and webhooks (API.md §10, §11.1)
  {
    method: 'POST',
    route: '/api/admin/user',
    body: (f) =>
      json({ email: `made${f.n}@example.com`, password: 'long password 1', name: `Made${f.n}`, gender: 0 }),
    expect: adminOnly(),
  },
  { method: 'GET', route: '/api/admin/user', expect: adminOnly() },
  { method: 'GET', route: '/api/admin/user/:uid', expect: adminOnly() },
  {
    method: 'PUT',
    route: '/api/admin/user/:uid',
    path: (f) => toBot(f)('/api/admin/user/:uid'),
    body: (f) => json({ name: `Bot${f.n}` }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/admin/user/bot-api-key/:uid',
    path: (f) => toBot(f)('/api/admin/user/bot-api-key/:uid'),
    body: (f) => json({ name: `key ${f.n}` }),
    expect: adminOnly(),
  },
  {
    method: 'GET',
    route: '/api/admin/user/bot-api-key/:uid',
    path: (f) => toBot(f)('/api/admin/user/bot-api-key/:uid'),
    expect: adminOnly(),
  },
  {
    method: 'DELETE',
    route: '/api/admin/user/bot-api-key/:uid/:kid',
    path: (f) => `/api/admin/user/bot-api-key/${f.botUid}/${f.botKeyId}`,
    expect: adminOnly(),
  },
  {
    method: 'GET',
    route: '/api/admin/bot/:uid/webhook',
    path: (f) => toBot(f)('/api/admin/bot/:uid/webhook'),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/admin/bot/:uid/webhook/secret',
    path: (f) => toBot(f)('/api/admin/bot/:uid/webhook/secret'),
    expect: adminOnly(),
  },
  {
    method: 'GET',
    route: '/api/admin/bot/:uid/deliveries',
    path: (f) => toBot(f)('/api/admin/bot/:uid/deliveries'),
    expect: adminOnly(),
  },
  // Member administration and data management (API.md §3, §11.1). Deleting and revoking aim at
  // nothing (404 once past the admin check): the peer is shared by every call.
  {
    method: 'DELETE',
    route: '/api/admin/user/:uid',
    path: () => '/api/admin/user/987654',
    expect: row(401, 403, 403, 403, 403, 404),
  },
  { method: 'POST', route: '/api/admin/user/:uid/avatar', body: image, expect: adminOnly() },
  { method: 'GET', route: '/api/admin/user/:uid/sessions', expect: adminOnly() },
  {
    method: 'DELETE',
    route: '/api/admin/user/:uid/sessions/:device',
    path: (f) => `/api/admin/user/${f.peer.uid}/sessions/no-such-device`,
    expect: row(401, 403, 403, 403, 403, 404),
  },
  { method: 'DELETE', route: '/api/admin/system/message/clear', expect: adminOnly() },
  { method: 'GET', route: '/api/bot', expect: botOnly(200) },
  {
    method: 'POST',
    route: '/api/bot/send_to_group/:gid',
    body: () => ({ body: 'from a bot', headers: { 'content-type': 'text/plain' } }),
    // The bot is not in the private channel.
    expect: botOnly(403),
  },
  {
    method: 'POST',
    route: '/api/bot/send_to_user/:uid',
    body: () => ({ body: 'from a bot', headers: { 'content-type': 'text/plain' } }),
    expect: botOnly(200),
  },
  { method: 'GET', route: '/api/bot/user/:uid', expect: botOnly(200) },
  { method: 'GET', route: '/api/bot/group/:gid', expect: botOnly(403) },

  // Documentation and probes
  { method: 'GET', route: '/api/spec', expect: everyone(200) },
  { method: 'GET', route: '/api/swagger', expect: everyone(200) },
  // The UI's page, files and the document as JSON and YAML, passed on from the documentation
  // built on first use (src/http/api-docs.ts; each path in test/api-docs.test.ts).
  { method: 'GET', route: '/api/swagger/*', path: () => '/api/swagger/json', expect: everyone(200) },
  { method: 'GET', route: '/health', expect: everyone(200) },
  { method: 'GET', route: '/ready', expect: everyone(200) },
  // Only with METRICS_TOKEN or from METRICS_ALLOW (test/metrics.test.ts); unconfigured here.
  { method: 'GET', route: '/metrics', expect: everyone(404) },
];
