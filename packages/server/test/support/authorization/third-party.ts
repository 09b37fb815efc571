import { adminOnly, type AuthRow, everyone, json } from './shapes.js';

/** Third-party sign-in (docs/third-party.md): the secret is the admin's; a key needs `X-SECRET`, which no role holds. */
export const thirdPartyRows: AuthRow[] = [
  { method: 'GET', route: '/api/admin/system/third_party_secret', expect: adminOnly() },
  { method: 'POST', route: '/api/admin/system/third_party_secret', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/token/create_third_party_key',
    body: () => json({ userid: 'site-user', username: 'Site User' }),
    expect: everyone(401),
  },
];
