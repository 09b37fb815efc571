import { adminOnly, type AuthRow, everyone, json, row, signedIn } from './shapes.js';

/**
 * Two-factor sign-in (issue 12; docs/api.md, "Two-factor sign-in"): one's own second factor for
 * people who sign in themselves (403 for guests), the reset and the policy for administrators.
 */
export const totpRows: AuthRow[] = [
  {
    method: 'POST',
    route: '/api/token/login/totp',
    body: () => json({ mfa_token: 'forged.token', code: '123456' }),
    expect: everyone(401),
  },
  { method: 'GET', route: '/api/user/totp', expect: signedIn(200) },
  // Nothing pending on a fresh account: 409 for everyone who may enrol. The admin is one account
  // throughout, so these rows come before the setup row, which leaves an enrolment pending.
  {
    method: 'POST',
    route: '/api/user/totp/enable',
    body: () => json({ code: '123456' }),
    fresh: true,
    expect: row(401, 403, 409, 409, 409, 409),
  },
  {
    method: 'POST',
    route: '/api/user/totp/disable',
    body: () => json({ code: '123456' }),
    fresh: true,
    expect: row(401, 403, 409, 409, 409, 409),
  },
  {
    method: 'POST',
    route: '/api/user/totp/recovery_codes',
    body: () => json({ code: '123456' }),
    fresh: true,
    expect: row(401, 403, 409, 409, 409, 409),
  },
  { method: 'POST', route: '/api/user/totp/setup', fresh: true, expect: row(401, 403, 200, 200, 200, 200) },
  { method: 'GET', route: '/api/admin/user/:uid/totp', expect: adminOnly() },
  { method: 'DELETE', route: '/api/admin/user/:uid/totp', expect: adminOnly() },
  { method: 'GET', route: '/api/admin/totp/config', expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/admin/totp/config',
    body: () => json({ required: false }),
    expect: adminOnly(),
  },
];
