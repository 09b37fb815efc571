/**
 * An administrative change and its audit entry are one transaction (services/audit.ts `audited`):
 * when the audit write fails (here a database trigger refuses every audit row), the request
 * answers a 5xx with no internals and the change did not happen; once the log accepts rows again
 * the same requests succeed and are logged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withAuditLogDown } from './support/broken-audit-log.js';
import { createAdmin, useTestServer, type TestUser } from './support/server.js';

const t = useTestServer();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
});

const as = (method: string, url: string, json?: unknown) =>
  t.request(method, url, { token: admin.token, json });
const changes = [
  () => as('PUT', '/admin/system/common', { show_user_online_status: false }),
  () => as('PUT', '/admin/system/organization', { name: 'Renamed', description: 'changed' }),
  () => as('PUT', '/admin/system/retention', { days: 30 }),
  () =>
    as('POST', '/admin/user', {
      email: 'new.member@example.com',
      password: 'another good password',
      name: 'newmember',
      gender: 0,
      is_admin: false,
    }),
];
async function state() {
  const [common, org, retention, users, audit] = await Promise.all([
    as('GET', '/admin/system/common'),
    as('GET', '/admin/system/organization'),
    as('GET', '/admin/system/retention'),
    as('GET', '/admin/user'),
    as('GET', '/admin/audit'),
  ]);
  return {
    online: common.json.show_user_online_status,
    org: org.json.name,
    retention: retention.json.days,
    users: (users.json as { name: string }[]).map((u) => u.name).sort(),
    audit: audit.json.entries.length,
  };
}

describe('audit entries in the action’s transaction', () => {
  it('a failed audit write answers 500 without internals and leaves nothing changed', async () => {
    const before = await state();
    await withAuditLogDown(t.db, async () => {
      for (const change of changes) {
        const res = await change();
        expect(res.status).toBe(500);
        expect(res.text).toBe('Server Error');
      }
      expect(await state()).toEqual(before);
    });
  });

  it('with the log writable again, the same changes succeed and are logged', async () => {
    const before = await state();
    for (const change of changes) expect((await change()).status).toBe(200);
    const after = await state();
    expect(after).toMatchObject({ online: false, org: 'Renamed', retention: 30 });
    expect(after.users).toContain('newmember');
    expect(after.audit).toBe(before.audit + changes.length);
  });
});
