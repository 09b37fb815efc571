/**
 * An administrative change and its audit entry are one transaction (services/audit.ts `audited`):
 * when the audit write fails (here a database trigger refuses every audit row), the request
 * answers a 5xx with no internals and the change did not happen; once the log accepts rows again
 * the same requests succeed and are logged.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, useTestServer, type TestUser } from './support/server.js';

const t = useTestServer();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
});

async function execSql(text: string): Promise<void> {
  if (t.db.databaseUrl) {
    const client = new pg.Client({ connectionString: t.db.databaseUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
    return;
  }
  const db = new Database(path.join(t.db.dataDir, 'parley.db'));
  try {
    db.exec(text);
  } finally {
    db.close();
  }
}

const breakAuditLog = () =>
  execSql(
    t.db.databaseUrl
      ? `create function audit_down() returns trigger language plpgsql as
           $$ begin raise exception 'audit log unavailable'; end $$;
         create trigger audit_down before insert on audit_log for each row execute function audit_down();`
      : `create trigger audit_down before insert on audit_log begin select raise(abort, 'audit log unavailable'); end;`,
  );
const mendAuditLog = () =>
  execSql(
    t.db.databaseUrl
      ? 'drop trigger audit_down on audit_log; drop function audit_down();'
      : 'drop trigger audit_down;',
  );

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
    await breakAuditLog();
    try {
      for (const change of changes) {
        const res = await change();
        expect(res.status).toBe(500);
        expect(res.text).toBe('Server Error');
      }
      expect(await state()).toEqual(before);
    } finally {
      await mendAuditLog();
    }
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
