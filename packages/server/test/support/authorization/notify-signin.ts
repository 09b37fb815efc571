import { adminOnly, type AuthRow, everyone, json, PUSH_KEYS, row, signedIn } from './shapes.js';

export const notifySigninRows: AuthRow[] = [
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
    method: 'POST',
    route: '/api/token/github/authorize',
    body: () => json({ redirect_uri: 'http://localhost/', state: 'state-of-sixteen-chars' }),
    expect: everyone(403),
  },
  {
    method: 'POST',
    route: '/api/token/google/authorize',
    body: () =>
      json({
        redirect_uri: 'http://localhost/',
        state: 'state-of-sixteen-chars',
        nonce: 'nonce-of-sixteen-chars',
      }),
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
