import { type AuthRow, json, row } from './shapes.js';

export const preferenceRows: AuthRow[] = [
  // Client preferences (issue 14): every signed-in user for themselves; guests keep theirs in the browser.
  { method: 'GET', route: '/api/user/preferences', expect: row(401, 403, 200, 200, 200, 200) },
  {
    method: 'PUT',
    route: '/api/user/preferences',
    body: () => json({ theme: 'dark' }),
    expect: row(401, 403, 200, 200, 200, 200),
  },
];
