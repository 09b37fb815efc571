import { everyone, json, row, type AuthRow } from './shapes.js';

/**
 * Changing one's e-mail address (issue 12; docs/api.md "Changing the e-mail address"): people who
 * sign in with their address (403 for guests); mail is off here, so the change happens at once —
 * each call gets a caller of its own. Confirming a link needs no session (410 for a made-up one).
 */
export const emailChangeRows: AuthRow[] = [
  {
    method: 'POST',
    route: '/api/user/email',
    body: (f) => json({ email: `changed-${f.n}@example.com`, password: f.actor?.password ?? 'x' }),
    fresh: true,
    expect: row(401, 403, 200, 200, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/user/email/confirm',
    body: () => json({ token: 'A'.repeat(32) }),
    expect: everyone(410),
  },
];
