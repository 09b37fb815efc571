/**
 * The member actions and "clear files" and their audit entries (services/audit.ts): a member's
 * update (fields, role, freeze, webhook), deletion and avatar commit with their entries in one
 * transaction; "clear files" writes its entry before deleting anything. With a database trigger
 * refusing every audit row, each request answers 500 without internals and nothing changed; once
 * the log accepts rows again the same requests succeed and are logged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from './support/files.js';
import { RED, solidPng } from './support/images.js';
import { withAuditLogDown } from './support/broken-audit-log.js';
import { createAdmin, createUser, useTestServer, type TestUser } from './support/server.js';

const t = useTestServer();
let admin: TestUser;
let bea: TestUser;
let cid: TestUser;
let png: Buffer;
beforeAll(async () => {
  admin = await createAdmin(t);
  bea = await createUser(t, 'bea');
  cid = await createUser(t, 'cid');
  png = await solidPng(RED, 80, 80);
  await uploadFile(t, bea, Buffer.from('kept while the log is down'), 'kept.txt', 'text/plain');
});

const as = (method: string, url: string, json?: unknown) =>
  t.request(method, url, { token: admin.token, json });
const changes = () => [
  () => as('PUT', `/admin/user/${bea.uid}`, { name: 'Beatrix', is_admin: true }),
  () => as('PUT', `/admin/user/${bea.uid}`, { status: 'frozen' }),
  () => as('PUT', `/admin/user/${bea.uid}`, { password: 'a brand new password' }),
  () => as('DELETE', `/admin/user/${cid.uid}`),
  () =>
    t.request('POST', `/admin/user/${bea.uid}/avatar`, {
      token: admin.token,
      body: png,
      headers: { 'content-type': 'image/png' },
    }),
  () => as('DELETE', '/resource/file/delete'),
];

async function state() {
  const [users, audit, files] = await Promise.all([
    as('GET', '/admin/user'),
    as('GET', '/admin/audit?limit=200'),
    t.db.store.files.listIds('', 1000),
  ]);
  const list = users.json as {
    uid: number;
    name: string;
    is_admin: boolean;
    status: string;
    avatar_updated_at: number;
  }[];
  return {
    users: list.map((u) => `${u.uid}:${u.name}:${u.is_admin}:${u.status}:${u.avatar_updated_at}`).sort(),
    audit: (audit.json.entries as unknown[]).length,
    files: files.length,
    beaSignsIn: (await t.request('GET', '/user/me', { token: bea.token })).status,
  };
}

describe('member actions and their audit entries', () => {
  it('a failed audit write answers 500 without internals and leaves nothing changed', async () => {
    const before = await state();
    expect(before.files).toBe(1);
    await withAuditLogDown(t.db, async () => {
      for (const change of changes()) {
        const res = await change();
        expect(res.status).toBe(500);
        expect(res.text).toBe('Server Error');
      }
      expect(await state()).toEqual(before);
    });
  });

  it('with the log writable again, the same changes succeed and are logged', async () => {
    const before = await state();
    for (const change of changes()) {
      const res = await change();
      expect(res.status, res.text).toBe(200);
    }
    const res = await as('GET', '/admin/audit?limit=200');
    const actions = (res.json.entries as { action: string }[]).map((e) => e.action);
    for (const action of [
      'user.update',
      'user.role',
      'user.freeze',
      'user.password',
      'user.delete',
      'user.avatar',
      'data.clear_files',
    ])
      expect(actions).toContain(action);
    expect(actions.length).toBe(before.audit + 7);
    const after = await state();
    expect(after.files).toBe(0);
    expect(after.users.some((u) => u.startsWith(`${cid.uid}:`))).toBe(false);
  });
});
