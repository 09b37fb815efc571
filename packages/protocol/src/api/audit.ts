import { AuditPage, AuditQuery } from '../audit.js';
import type { RouteSpec } from './route.js';

const tag = 'admin';
const auth = 'header';

/** The audit log of administrative actions (Parley extension, docs/api.md); admin-only. */
export const AUDIT_ROUTES = {
  listAudit: {
    method: 'GET',
    path: '/admin/audit',
    auth,
    kind: 'json',
    tag,
    description:
      'Parley: administrative actions, newest first, filtered by actor, action and time, paged by cursor.',
    query: AuditQuery,
    response: AuditPage,
  },
  exportAudit: {
    method: 'GET',
    path: '/admin/audit.csv',
    auth,
    kind: 'file',
    tag,
    description:
      'Parley: the filtered audit log as CSV (RFC 4180; cells starting with = + - @ are prefixed with a quote).',
    query: AuditQuery,
  },
} as const satisfies Record<string, RouteSpec>;
