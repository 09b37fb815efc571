import { adminOnly, json, row, type AuthRow } from './shapes.js';

/** The admin answer in place of 200 (a status past the permission check), the rest as adminOnly. */
const adminGets = (status: number) => row(401, 403, 403, 403, 403, status);

export const retentionLicenseRows: AuthRow[] = [
  // Message retention (docs/api.md "Retention"): administrators only, channel owners too are refused.
  { method: 'GET', route: '/api/admin/system/retention', expect: adminOnly() },
  { method: 'PUT', route: '/api/admin/system/retention', body: () => json({ days: 0 }), expect: adminOnly() },
  { method: 'GET', route: '/api/group/:gid/retention', expect: adminOnly() },
  {
    method: 'PUT',
    route: '/api/group/:gid/retention',
    body: () => json({ days: null }),
    expect: adminOnly(),
  },
  // Licenses (API.md §11.3): the table's server has no private key, so an administrator's license
  // is refused as invalid (400), and renewal has no license service configured (412).
  {
    method: 'POST',
    route: '/api/license/check',
    body: () => json({ license: 'abc' }),
    expect: adminGets(400),
  },
  { method: 'PUT', route: '/api/license', body: () => json({ license: 'abc' }), expect: adminGets(400) },
  {
    method: 'GET',
    route: '/api/license/renewal',
    path: () => '/api/license/renewal?domain=example.com',
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/license/renew',
    body: () => json({ session_id: 'cs_1' }),
    expect: adminGets(412),
  },
];
