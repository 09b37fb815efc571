import { adminOnly, type AuthRow } from './shapes.js';

export const auditRows: AuthRow[] = [
  // The audit log (docs/api.md "Audit log"): administrators only; a bot key is no user token.
  { method: 'GET', route: '/api/admin/audit', expect: adminOnly() },
  { method: 'GET', route: '/api/admin/audit.csv', expect: adminOnly() },
];
