import { adminOnly, type AuthRow, everyone, image, json, row, signedIn } from './shapes.js';
import { loginConfig } from '../login-config.js';

export const systemAccountsRows: AuthRow[] = [
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
    // Guest mode stays on: turning it off would end the guest role's sessions (docs/widget.md).
    body: () => json(loginConfig({ guest: true })),
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
  // Guest mode is on in this table's server: anyone gets a guest session.
  { method: 'GET', route: '/api/token/login_guest', expect: everyone(200) },

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
];
