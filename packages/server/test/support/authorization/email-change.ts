import { everyone, json, row, type AuthRow } from './shapes.js';

/**
 * Changing one's e-mail address (issue 12; docs/api.md "Changing the e-mail address"): people who
 * sign in with their address (403 for guests). The body names the caller's own address (400 once
 * allowed), so the one administrator account keeps its address for the rows after. Confirming a
 * link needs no session (410 for a made-up one).
 */
export const emailChangeRows: AuthRow[] = [
  {
    method: 'POST',
    route: '/api/user/email',
    body: (f) => json({ email: f.actor?.email || 'nobody@example.com', password: f.actor?.password ?? 'x' }),
    expect: row(401, 403, 400, 400, 400, 400),
  },
  {
    method: 'POST',
    route: '/api/user/email/confirm',
    body: () => json({ token: 'A'.repeat(32) }),
    expect: everyone(410),
  },
];
