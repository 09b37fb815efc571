/**
 * Every route × every role → the status it must answer (issue 8, "one table"). The test in
 * `test/authorization.test.ts` calls each route as each role against a fresh private channel and
 * fails when a registered route has no row here or answers differently. A route added later
 * needs its row, or that test goes red.
 *
 * Roles: `member` is in the private channel, `nonMember` is an ordinary user who is not, `owner`
 * owns it, `admin` is an administrator outside it, `guest` a guest account, `bot` a bot key (a
 * bot outside the channel). A bot key is no user token (API.md §1.4): on every user route it gets
 * what an anonymous caller gets, which `row` fills in unless a row says otherwise.
 */
import type { RequestOptions, TestUser } from './server.js';

export const ROLES = ['anonymous', 'guest', 'member', 'nonMember', 'owner', 'admin', 'bot'] as const;
export type Role = (typeof ROLES)[number];

/** What one call gets to work on; made anew for every call, so calls never see each other's effects. */
export interface Fixture {
  /** A private channel owned by `owner` with `member` in it, and one message. */
  gid: number;
  mid: number;
  /** An ordinary user outside the channel: the DM peer and the one added to channels. */
  peer: TestUser;
  /** The caller (undefined for anonymous). */
  actor: TestUser | undefined;
  /** The uid of `member` (to remove them). */
  memberUid: number;
  png: Buffer;
  /** Unique per call, for names and emails. */
  n: number;
  /** An invite to the channel made by its owner (only for the invite routes that need one). */
  inviteId?: string;
  /** The bot (not in the channel) that the bot role calls as, and the admin bot routes manage. */
  botUid: number;
  /** A key of that bot made for this call (only for the route that revokes one). */
  botKeyId?: number;
}

export interface AuthRow {
  method: string;
  /** As Fastify registered it. */
  route: string;
  /** The concrete path; by default `:gid` is the fixture channel and `:uid` the peer. */
  path?: (f: Fixture) => string;
  /** A valid request body, so that the status reflects permission and not validation. */
  body?: (f: Fixture) => RequestOptions;
  /**
   * The call spends the caller's session or account (logout, deleting the account, changing the
   * password): each call gets a caller of that role of its own.
   */
  fresh?: boolean;
  expect: Record<Role, number | null>;
}

// Shorthands for the common shapes.
const everyone = (status: number) => row(status, status, status, status, status, status);
const signedIn = (status = 200) => row(401, status, status, status, status, status);
const adminOnly = () => row(401, 403, 403, 403, 403, 200);
function row(
  anonymous: number,
  guest: number,
  member: number,
  nonMember: number,
  owner: number,
  admin: number,
  bot = anonymous,
): Record<Role, number | null> {
  return { anonymous, guest, member, nonMember, owner, admin, bot };
}
/** The bot API: a bot key or nothing (401 for every user token). */
const botOnly = (bot: number) => row(401, 401, 401, 401, 401, 401, bot);
const toBot = (f: Fixture) => (route: string) => route.replace(':uid', String(f.botUid));

const json = (value: unknown): RequestOptions => ({ json: value });
/** A valid browser key pair's public half and an auth secret (a subscription's `keys`). */
const PUSH_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const quiet = { muted: false, deafened: false, video: false, screen: false };
const multipartChunk = (fileId: string): RequestOptions => ({
  body:
    `--b\r\ncontent-disposition: form-data; name="file_id"\r\n\r\n${fileId}\r\n` +
    `--b\r\ncontent-disposition: form-data; name="chunk_data"; filename="blob"\r\n\r\nhello\r\n` +
    `--b\r\ncontent-disposition: form-data; name="chunk_is_last"\r\n\r\ntrue\r\n--b--\r\n`,
  headers: { 'content-type': 'multipart/form-data; boundary=b' },
});
const image = (f: Fixture): RequestOptions => ({ body: f.png, headers: { 'content-type': 'image/png' } });

export const AUTHORIZATION_TABLE: AuthRow[] = [
  // System and onboarding
  { method: 'GET', route: '/api/admin/system/initialized', expect: everyone(200) },
  {
    method: 'POST',
    route: '/api/admin/system/create_admin',
    body: (f) =>
      json({ email: `second${f.n}@example.com`, name: `Second${f.n}`, password: 'long password 1' }),
    expect: everyone(403),
  },
  { method: 'GET', route: '/api/admin/system/version', expect: everyone(200) },
  { method: 'GET', route: '/api/admin/system/organization', expect: everyone(200) },
  {
    method: 'PUT',
    route: '/api/admin/system/organization',
    body: () => json({ name: 'Org' }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/admin/system/organization',
    body: () => json({ name: 'Org' }),
    expect: adminOnly(),
  },
  { method: 'POST', route: '/api/admin/system/organization/logo', body: image, expect: adminOnly() },
  { method: 'GET', route: '/api/resource/organization/logo', expect: everyone(200) },
  { method: 'GET', route: '/api/admin/system/metrics', expect: adminOnly() },
  { method: 'GET', route: '/api/admin/system/common', expect: signedIn() },
  {
    method: 'PUT',
    route: '/api/admin/system/common',
    body: () => json({ show_user_online_status: true }),
    expect: adminOnly(),
  },
  { method: 'GET', route: '/api/admin/login/config', expect: everyone(200) },
  {
    method: 'POST',
    route: '/api/admin/login/config',
    body: () =>
      json({
        who_can_sign_up: 'EveryOne',
        guest: false,
        password: true,
        magic_link: true,
        google: false,
        github: false,
        oidc: [],
        metamask: false,
        third_party: false,
      }),
    expect: adminOnly(),
  },
  { method: 'GET', route: '/api/admin/smtp/enabled', expect: everyone(200) },
  { method: 'GET', route: '/api/admin/agora/enabled', expect: signedIn() },
  { method: 'GET', route: '/api/admin/google_auth/public_config', expect: everyone(200) },
  { method: 'GET', route: '/api/admin/github_auth/public_config', expect: everyone(200) },
  { method: 'GET', route: '/api/admin/cloudflared/auto_info', expect: everyone(200) },
  { method: 'GET', route: '/api/license', expect: everyone(200) },

  // Sessions
  {
    method: 'POST',
    route: '/api/token/login',
    body: (f) =>
      json({
        credential: { type: 'password', email: f.peer.email, password: f.peer.password },
        device: `d${f.n}`,
      }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/token/renew',
    // Renewing someone's own pair needs nothing but the pair; the caller's token plays no part.
    body: (f) => json({ token: f.actor?.token ?? f.peer.token, refresh_token: f.actor?.refreshToken ?? '' }),
    fresh: true,
    expect: row(401, 200, 200, 200, 200, 200),
  },
  { method: 'GET', route: '/api/token/logout', fresh: true, expect: signedIn() },
  // Guest mode is off in this table's server (its login configuration row turns it off).
  { method: 'GET', route: '/api/token/login_guest', expect: everyone(403) },

  // Accounts
  {
    method: 'POST',
    route: '/api/user/register',
    body: (f) => json({ email: `reg${f.n}@example.com`, password: 'long password 1', name: `Reg${f.n}` }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/user/check_email',
    path: (f) => `/api/user/check_email?email=free${f.n}@example.com`,
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/user/check_magic_token',
    body: () => json({ magic_token: 'not-a-token' }),
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/user', expect: signedIn() },
  // A guest is nobody's user: not even their own (404).
  { method: 'GET', route: '/api/user/me', expect: row(401, 404, 200, 200, 200, 200) },
  {
    method: 'PUT',
    route: '/api/user',
    body: () => json({ gender: 1 }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  { method: 'POST', route: '/api/user/avatar', body: image, expect: row(401, 403, 200, 200, 200, 200) },
  {
    method: 'GET',
    route: '/api/resource/avatar',
    path: (f) => `/api/resource/avatar?uid=${f.peer.uid}`,
    expect: everyone(404),
  },
  {
    method: 'POST',
    route: '/api/user/change_password',
    // The same password again: later calls still sign in as this role with it.
    body: (f) => {
      const password = f.actor?.password || 'a well-formed password';
      return json({ old_password: password, new_password: password });
    },
    fresh: true,
    expect: row(401, 403, 200, 200, 200, 200),
  },
  // The only administrator cannot delete their account.
  { method: 'DELETE', route: '/api/user/delete', fresh: true, expect: row(401, 200, 200, 200, 200, 403) },
  { method: 'GET', route: '/api/user/contacts', expect: signedIn() },
  // Conversation settings: a channel the caller cannot read is unknown here (400), as in read-index.
  {
    method: 'POST',
    route: '/api/user/mute',
    body: (f) => json({ add_groups: [{ gid: f.gid, expired_in: 60 }] }),
    expect: row(401, 403, 200, 400, 200, 400),
  },
  {
    method: 'POST',
    route: '/api/user/pin_chat',
    body: (f) => json({ target: { gid: f.gid } }),
    expect: row(401, 403, 200, 400, 200, 400),
  },
  {
    method: 'POST',
    route: '/api/user/unpin_chat',
    body: (f) => json({ target: { gid: f.gid } }),
    expect: row(401, 403, 200, 400, 200, 400),
  },
  {
    method: 'POST',
    route: '/api/user/burn-after-reading',
    body: (f) => json({ groups: [{ gid: f.gid, expires_in: 60 }] }),
    expect: row(401, 403, 200, 400, 200, 400),
  },
  {
    method: 'POST',
    route: '/api/user/update_contact_status',
    body: (f) => json({ action: 'add', target_uid: f.peer.uid }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/user/search',
    body: (f) => json({ search_type: 'id', keyword: String(f.peer.uid) }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  { method: 'GET', route: '/api/favorite', expect: signedIn() },
  {
    method: 'POST',
    route: '/api/favorite',
    body: (f) => json({ mid_list: [f.mid] }),
    // Readers of the message, except guests (no favorites); an administrator outside a private channel does not read it.
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'GET',
    route: '/api/favorite/:id',
    path: () => '/api/favorite/00000000-0000-4000-8000-000000000000',
    // Only the owner's own favorites exist for them; anything else is 404 (test/favorites.test.ts).
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/favorite/:id',
    path: () => '/api/favorite/00000000-0000-4000-8000-000000000000',
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/resource/archive',
    body: (f) => json({ mid_list: [f.mid] }),
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'GET',
    route: '/api/resource/archive',
    // No token, like every resource URL; the path is the secret (test/archive.test.ts reads real ones).
    path: () => '/api/resource/archive?file_path=2026/1/1/00000000-0000-4000-8000-000000000000',
    expect: everyone(404),
  },
  { method: 'GET', route: '/api/user/:uid', expect: signedIn() },

  // Mail and magic links (issue 12). Mail is not set up in this table's server: the test mail and
  // the login link answer 503 to whoever may ask; a sign-up link then comes back without a mail.
  { method: 'GET', route: '/api/admin/smtp/config', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/admin/smtp/config',
    body: () => json({ enabled: false, host: '', port: 25, from: '' }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/admin/system/send_mail',
    body: () => json({ to: 'someone@example.com', subject: 'hi', content: 'hello' }),
    expect: row(401, 403, 403, 403, 403, 503),
  },
  {
    method: 'POST',
    route: '/api/user/send_login_magic_link',
    path: (f) => `/api/user/send_login_magic_link?email=ml${f.n}@example.com`,
    expect: everyone(503),
  },
  {
    method: 'POST',
    route: '/api/user/send_reg_magic_link',
    body: (f) => json({ email: `mreg${f.n}@example.com`, password: 'long password 1' }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/group/create_invite_private_magic_link',
    path: (f) => `/api/group/create_invite_private_magic_link?gid=${f.gid}`,
    expect: row(401, 403, 200, 403, 200, 200),
  },
  // A token that is no invite: 409 for every signed-in user but guests, who join nothing.
  {
    method: 'POST',
    route: '/api/user/join_private',
    body: () => json({ magic_token: 'not-a-token' }),
    expect: row(401, 403, 409, 409, 409, 409),
  },

  // Channels
  {
    method: 'POST',
    route: '/api/group',
    body: (f) => json({ name: `new ${f.n}`, is_public: false }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  { method: 'GET', route: '/api/group', expect: signedIn() },
  {
    method: 'GET',
    route: '/api/group/create_reg_magic_link',
    path: (f) => `/api/group/create_reg_magic_link?gid=${f.gid}`,
    expect: row(401, 403, 200, 403, 200, 200),
  },
  { method: 'GET', route: '/api/group/:gid', expect: row(401, 403, 200, 403, 200, 403) },

  // Invites: each caller sees only what they may manage, so listing never refuses a signed-in user.
  { method: 'GET', route: '/api/invites', path: (f) => `/api/invites?gid=${f.gid}`, expect: signedIn() },
  {
    method: 'DELETE',
    route: '/api/invites/:id',
    path: (f) => `/api/invites/${f.inviteId}`,
    fresh: true,
    expect: row(401, 403, 403, 403, 200, 200),
  },
  {
    method: 'PUT',
    route: '/api/group/:gid',
    body: () => json({ name: 'renamed' }),
    expect: row(401, 403, 403, 403, 200, 200),
  },
  { method: 'DELETE', route: '/api/group/:gid', expect: row(401, 403, 403, 403, 200, 200) },
  {
    method: 'POST',
    route: '/api/group/:gid/change_type',
    body: () => json({ is_public: true }),
    // Making a channel public is admin-only, as creating one is (issue 8, defect 8).
    expect: row(401, 403, 403, 403, 403, 200),
  },
  { method: 'GET', route: '/api/group/:gid/leave', expect: row(401, 403, 200, 403, 403, 403) },
  {
    method: 'POST',
    route: '/api/group/:gid/members/add',
    body: (f) => json([f.peer.uid]),
    expect: row(401, 403, 200, 403, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/group/:gid/members/remove',
    body: (f) => json([f.memberUid]),
    expect: row(401, 403, 403, 403, 200, 200),
  },
  { method: 'POST', route: '/api/group/:gid/avatar', body: image, expect: row(401, 403, 403, 403, 200, 200) },
  {
    method: 'GET',
    route: '/api/resource/group_avatar',
    path: (f) => `/api/resource/group_avatar?gid=${f.gid}`,
    expect: everyone(404),
  },

  // Messages
  {
    method: 'POST',
    route: '/api/group/:gid/send',
    body: () => ({ body: 'hello', headers: { 'content-type': 'text/plain' } }),
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'POST',
    route: '/api/user/:uid/send',
    body: () => ({ body: 'hello', headers: { 'content-type': 'text/plain' } }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  { method: 'GET', route: '/api/group/:gid/history', expect: row(401, 403, 200, 403, 200, 403) },
  { method: 'GET', route: '/api/user/:uid/history', expect: signedIn() },
  // Search and typing (Parley): search is open to every signed-in user, its query keeps to what they read.
  {
    method: 'GET',
    route: '/api/message/search',
    path: () => '/api/message/search?q=hello',
    expect: signedIn(),
  },
  { method: 'POST', route: '/api/group/:gid/typing', expect: row(401, 403, 200, 403, 200, 403) },
  { method: 'POST', route: '/api/user/:uid/typing', expect: row(401, 403, 200, 200, 200, 200) },
  {
    method: 'POST',
    route: '/api/user/read-index',
    body: (f) => json({ groups: [{ gid: f.gid, mid: f.mid }] }),
    // An unreadable channel is "unknown" here (400), as an unknown gid is.
    expect: row(401, 400, 200, 400, 200, 400),
  },
  // Message operations on the fixture's message: by the owner, in the private channel.
  {
    method: 'POST',
    route: '/api/message/:mid/reply',
    path: (f) => `/api/message/${f.mid}/reply`,
    body: () => ({ body: 'a reply', headers: { 'content-type': 'text/plain' } }),
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'PUT',
    route: '/api/message/:mid/edit',
    path: (f) => `/api/message/${f.mid}/edit`,
    body: () => ({ body: 'edited', headers: { 'content-type': 'text/plain' } }),
    // The author only: an administrator outside the channel cannot even read it.
    expect: row(401, 403, 403, 403, 200, 403),
  },
  {
    method: 'GET',
    route: '/api/message/:mid/versions',
    path: (f) => `/api/message/${f.mid}/versions`,
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'PUT',
    route: '/api/message/:mid/like',
    path: (f) => `/api/message/${f.mid}/like`,
    body: () => json({ action: '👍' }),
    expect: row(401, 403, 200, 403, 200, 403),
  },
  {
    method: 'DELETE',
    route: '/api/message/:mid',
    path: (f) => `/api/message/${f.mid}`,
    expect: row(401, 403, 403, 403, 200, 403),
  },
  {
    method: 'DELETE',
    route: '/api/message/bulk/:mids',
    path: (f) => `/api/message/bulk/${f.mid}`,
    expect: row(401, 403, 403, 403, 200, 403),
  },
  {
    method: 'POST',
    route: '/api/group/:gid/pin',
    body: (f) => json({ mid: f.mid }),
    expect: row(401, 403, 403, 403, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/group/:gid/unpin',
    body: (f) => json({ mid: f.mid }),
    // Allowed callers learn that nothing is pinned.
    expect: row(401, 403, 403, 403, 404, 404),
  },
  {
    method: 'GET',
    route: '/api/user/events',
    path: (f) => `/api/user/events?api-key=${f.actor?.token ?? ''}`,
    expect: signedIn(),
  },

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
  { method: 'GET', route: '/api/swagger/json', expect: everyone(200) },
  { method: 'GET', route: '/api/swagger/yaml', expect: everyone(200) },
  { method: 'GET', route: '/api/swagger/static/index.html', expect: everyone(302) },
  { method: 'GET', route: '/api/swagger/static/swagger-initializer.js', expect: everyone(200) },
  {
    method: 'GET',
    route: '/api/swagger/static/*',
    path: () => '/api/swagger/static/swagger-ui.css',
    expect: everyone(200),
  },
  { method: 'GET', route: '/health', expect: everyone(200) },
  { method: 'GET', route: '/ready', expect: everyone(200) },
  // Only with METRICS_TOKEN or from METRICS_ALLOW (test/metrics.test.ts); unconfigured here.
  { method: 'GET', route: '/metrics', expect: everyone(404) },
  // Files (issue 11). An unknown upload id is 400 for everyone who may upload at all.
  {
    method: 'POST',
    route: '/api/resource/file/prepare',
    body: () => json({ content_type: 'text/plain', filename: 'a.txt' }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/resource/file/upload',
    body: () => multipartChunk('00000000-0000-0000-0000-000000000000'),
    expect: row(401, 403, 400, 400, 400, 400),
  },
  {
    method: 'GET',
    route: '/api/resource/file/upload',
    path: () => '/api/resource/file/upload?file_id=00000000-0000-0000-0000-000000000000',
    expect: row(401, 403, 400, 400, 400, 400),
  },
  {
    method: 'GET',
    route: '/api/resource/file',
    path: () => '/api/resource/file?file_path=2026/1/1/00000000-0000-0000-0000-000000000000',
    expect: everyone(404),
  },
  { method: 'DELETE', route: '/api/resource/file/delete', expect: adminOnly() },
  { method: 'GET', route: '/api/admin/system/files', expect: adminOnly() },
  // Link previews (issue 10): loopback is refused by the outbound client, so nothing is fetched.
  {
    method: 'GET',
    route: '/api/resource/open_graphic_parse',
    path: () => `/api/resource/open_graphic_parse?url=${encodeURIComponent('http://127.0.0.1:9/')}`,
    expect: signedIn(),
  },
  {
    method: 'GET',
    route: '/api/resource/image_proxy',
    path: (f) =>
      `/api/resource/image_proxy?url=${encodeURIComponent('http://127.0.0.1:9/a.png')}&api-key=${f.actor?.token ?? ''}`,
    expect: signedIn(404),
  }, // Voice (issue 15). Agora is off in this table's server: those who may have a token get 503.
  { method: 'GET', route: '/api/admin/agora/config', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/admin/agora/config',
    body: () => json({ enabled: false }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/admin/agora/token',
    body: (f) => json({ gid: f.gid }),
    expect: row(401, 403, 503, 403, 503, 403),
  },
  { method: 'GET', route: '/api/group/:gid/agora_token', expect: row(401, 403, 503, 403, 503, 403) },
  // VoceChat clients list rooms without a token; only public channels' rooms are listed.
  {
    method: 'GET',
    route: '/api/admin/agora/channel/:page_no/:page_size',
    path: () => '/api/admin/agora/channel/0/10',
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/admin/agora/channel/user/:name/false',
    path: () => '/api/admin/agora/channel/user/vocechat:group:1/false',
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/admin/voice/config', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/admin/voice/config',
    body: () =>
      json({
        stun_urls: [],
        turn_urls: [],
        turn_secret: '',
        turn_ttl: 3600,
        mesh_limit: 6,
        max_calls: 100,
        ice_address_prefixes: [],
      }),
    expect: adminOnly(),
  },
  { method: 'GET', route: '/api/voice/ice', expect: signedIn() },
  { method: 'GET', route: '/api/voice/rooms', expect: signedIn() },
  {
    method: 'POST',
    route: '/api/voice/join',
    body: (f) => json({ gid: f.gid, ...quiet }),
    expect: row(401, 403, 200, 403, 200, 403),
  },
  { method: 'POST', route: '/api/voice/leave', expect: signedIn() },
  // A caller of its own is in no room: 404 for whoever is signed in.
  { method: 'POST', route: '/api/voice/state', fresh: true, body: () => json(quiet), expect: signedIn(404) },
  {
    method: 'POST',
    route: '/api/voice/signal',
    fresh: true,
    body: (f) => json({ to: f.peer.uid, signal: { kind: 'hello' } }),
    expect: signedIn(404),
  },
  // Ringing, or busy when the peer is already rung: 200 either way; guests send no DMs.
  {
    method: 'POST',
    route: '/api/voice/call',
    body: (f) => json({ uid: f.peer.uid }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/voice/call/accept',
    body: (f) => json({ uid: f.peer.uid }),
    expect: row(401, 403, 404, 404, 404, 404),
  },
  {
    method: 'POST',
    route: '/api/voice/call/decline',
    body: (f) => json({ uid: f.peer.uid }),
    expect: row(401, 403, 404, 404, 404, 404),
  },
  {
    method: 'POST',
    route: '/api/voice/call/cancel',
    body: (f) => json({ uid: f.peer.uid }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  // Notifications (issue 16): FCM's configuration for administrators; the rest for every signed-in user but guests.
  { method: 'GET', route: '/api/admin/fcm/config', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/admin/fcm/config',
    body: () =>
      json({
        enabled: false,
        use_official: true,
        token_url: '',
        project_id: '',
        private_key: '',
        client_email: '',
      }),
    expect: adminOnly(),
  },
  {
    method: 'PUT',
    route: '/api/token/device_token',
    body: () => json({ device_token: 'fcm-token' }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  { method: 'GET', route: '/api/user/notify/settings', expect: row(401, 403, 200, 200, 200, 200) },
  {
    method: 'PUT',
    route: '/api/user/notify/settings',
    body: () => json({ level: 'mentions', overrides: [], quiet_hours: null, email_digest: true }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  {
    method: 'GET',
    route: '/api/user/notify/unsubscribe',
    path: () => '/api/user/notify/unsubscribe?token=1.forged',
    expect: everyone(400),
  },
  { method: 'GET', route: '/api/user/push/vapid_key', expect: row(401, 403, 200, 200, 200, 200) },
  {
    method: 'PUT',
    route: '/api/user/push/subscription',
    body: () => json({ endpoint: 'https://push.example.invalid/s', keys: PUSH_KEYS }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
  { method: 'DELETE', route: '/api/user/push/subscription', expect: row(401, 403, 200, 200, 200, 200) },
  // Outside sign-in methods (issue 12). None is enabled in this table's server: the sign-in
  // routes answer 403 (method disabled) to whoever may ask.
  {
    method: 'POST',
    route: '/api/token/openid/authorize',
    body: () => json({ issuer: 'https://id.example.com', redirect_uri: 'http://localhost/#/oidc' }),
    expect: everyone(403),
  },
  {
    method: 'GET',
    route: '/api/token/metamask/nonce',
    path: () => '/api/token/metamask/nonce?public_address=0x0000000000000000000000000000000000000001',
    expect: everyone(403),
  },
  { method: 'GET', route: '/api/token/credentials', expect: signedIn() },
  {
    method: 'POST',
    route: '/api/token/bind',
    body: () =>
      json({
        credential: {
          type: 'metamask',
          public_address: '0x0000000000000000000000000000000000000001',
          nonce: 'n',
          signature: '0x00',
        },
      }),
    expect: row(401, 403, 403, 403, 403, 403),
  },
  { method: 'GET', route: '/api/admin/oidc/config', expect: adminOnly() },
  { method: 'POST', route: '/api/admin/oidc/config', body: () => json({ clients: [] }), expect: adminOnly() },
  { method: 'GET', route: '/api/admin/google_auth/config', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/admin/google_auth/config',
    body: () => json({ client_id: '' }),
    expect: adminOnly(),
  },
  { method: 'GET', route: '/api/admin/github_auth/config', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/admin/github_auth/config',
    body: () => json({ client_id: '', client_secret: '' }),
    expect: adminOnly(),
  },
];
