/**
 * The audit log (docs/api.md "Audit log"): administrative actions are recorded by the services
 * with who, what, when, from where and to what; secrets never appear; filters and cursor paging;
 * the CSV export is RFC 4180 and formula-safe; readable by administrators only; every node sees
 * what any node recorded.
 */
import type { AuditEntry, AuditPage } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../src/services/audit.js';
import { apiClient, createAdmin, createUser, type TestUser, useTestServer } from './support/server.js';

const t = useTestServer();
let admin: TestUser;
let alice: TestUser;
/** The member the administrator edits (a password reset ends their sessions). */
let bob: TestUser;

beforeAll(async () => {
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
  bob = await createUser(t, 'bob');
});

const audit = async (query = '', token = admin.token): Promise<AuditPage> => {
  const res = await t.request('GET', `/admin/audit${query}`, { token });
  expect(res.status).toBe(200);
  return res.json as AuditPage;
};
const latest = async (action: string): Promise<AuditEntry> => {
  const page = await audit(`?action=${encodeURIComponent(action)}&limit=1`);
  expect(page.entries).toHaveLength(1);
  return page.entries[0]!;
};

describe('GET /admin/audit', () => {
  it('records role changes, freezing and password resets with actor, device, address and target', async () => {
    const before = Date.now();
    const put = (json: object) => t.request('PUT', `/admin/user/${bob.uid}`, { token: admin.token, json });
    expect((await put({ is_admin: true })).status).toBe(200);
    expect((await put({ is_admin: false })).status).toBe(200);
    const role = await latest('user.role');
    expect(role).toMatchObject({
      actor_uid: admin.uid,
      actor_name: admin.name,
      device: admin.device,
      target: `user:${bob.uid}`,
      detail: 'member',
    });
    expect(role.ip).toMatch(/\d/);
    expect(role.at).toBeGreaterThanOrEqual(before - 1000);

    expect((await put({ password: 'a brand new secret 42' })).status).toBe(200);
    const reset = await latest('user.password');
    expect(reset.target).toBe(`user:${bob.uid}`);
    expect(JSON.stringify(reset)).not.toContain('brand new secret');

    expect((await put({ status: 'frozen' })).status).toBe(200);
    expect((await put({ status: 'normal' })).status).toBe(200);
    expect((await latest('user.freeze')).target).toBe(`user:${bob.uid}`);
    expect((await latest('user.unfreeze')).target).toBe(`user:${bob.uid}`);
  });

  it('records settings changes by field name, never the secret values', async () => {
    const smtp = {
      enabled: true,
      host: 'mail.example.com',
      port: 587,
      from: 'chat@example.com',
      username: 'mailer',
      password: 'smtp-hunter2-secret',
    };
    expect((await t.request('POST', '/admin/smtp/config', { token: admin.token, json: smtp })).status).toBe(
      200,
    );
    const entry = await latest('settings.smtp');
    expect(entry.target).toBe('settings:smtp');
    expect(entry.detail).toContain('password');
    expect(JSON.stringify(await audit())).not.toContain('smtp-hunter2-secret');

    const common = await t.request('PUT', '/admin/system/common', {
      token: admin.token,
      json: { show_user_online_status: false },
    });
    expect(common.status).toBe(200);
    expect((await latest('settings.common')).detail).toBe('show_user_online_status');
  });

  it('records bot keys created and revoked without the key', async () => {
    const bot = await t.request('POST', '/admin/user', {
      token: admin.token,
      json: { email: 'auditbot@example.com', password: '', name: 'AuditBot', gender: 0, is_bot: true },
    });
    expect(bot.status).toBe(200);
    const uid = (bot.json as { uid: number }).uid;
    expect((await latest('user.create')).detail).toBe('bot AuditBot');
    const made = await t.request('POST', `/admin/user/bot-api-key/${uid}`, {
      token: admin.token,
      json: { name: 'ci' },
    });
    expect(made.status).toBe(200);
    const key = made.json as string;
    const created = await latest('bot.key_create');
    expect(created.target).toBe(`user:${uid}`);
    expect(JSON.stringify(created)).not.toContain(key.split('.')[2]!);
    const keys = (await t.request('GET', `/admin/user/bot-api-key/${uid}`, { token: admin.token })).json as {
      id: number;
    }[];
    const del = await t.request('DELETE', `/admin/user/bot-api-key/${uid}/${keys[0]!.id}`, {
      token: admin.token,
    });
    expect(del.status).toBe(200);
    expect((await latest('bot.key_revoke')).detail).toBe(`key ${keys[0]!.id}`);
  });

  it('filters by actor, action and time, and pages by cursor with no entry twice', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.request('PUT', '/admin/system/common', {
        token: admin.token,
        json: { show_user_online_status: i % 2 === 0 },
      });
      expect(res.status).toBe(200);
    }
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const page: AuditPage = await audit(
        `?action=settings.common&actor=${admin.uid}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.entries.length).toBeLessThanOrEqual(2);
      for (const e of page.entries)
        expect(e).toMatchObject({ action: 'settings.common', actor_uid: admin.uid });
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.next;
    } while (cursor !== null);
    expect(seen.length).toBeGreaterThanOrEqual(6);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);

    expect((await audit(`?actor=${alice.uid}`)).entries).toEqual([]);
    const future = Date.now() + 3_600_000;
    expect((await audit(`?since=${future}`)).entries).toEqual([]);
    expect((await audit(`?until=1`)).entries).toEqual([]);
  });

  it('answers 400 to bad filters and changes nothing', async () => {
    for (const q of ['?limit=0', '?limit=1000', '?actor=x', '?since=10&until=5', '?cursor=-1']) {
      const res = await t.request('GET', `/admin/audit${q}`, { token: admin.token });
      expect(res.status, q).toBe(400);
    }
  });

  it('is for administrators only', async () => {
    expect((await t.request('GET', '/admin/audit')).status).toBe(401);
    expect((await t.request('GET', '/admin/audit', { token: alice.token })).status).toBe(403);
    expect((await t.request('GET', '/admin/audit.csv', { token: alice.token })).status).toBe(403);
  });

  it('lists on one node what another node recorded', async () => {
    const [first, last] = [t.nodeUrls[0]!, t.nodeUrls[t.nodeUrls.length - 1]!];
    const res = await apiClient(first).request('PUT', '/admin/system/common', {
      token: admin.token,
      json: { ext_setting: '{"audit":"cross-node"}' },
    });
    expect(res.status).toBe(200);
    const page = await apiClient(last).request('GET', '/admin/audit?action=settings.common&limit=1', {
      token: admin.token,
    });
    expect((page.json as AuditPage).entries[0]).toMatchObject({ detail: 'ext_setting' });
  });
});

describe('GET /admin/audit.csv', () => {
  it('exports the filtered log as RFC 4180 CSV with formula-looking cells neutralised', async () => {
    const carol = await createUser(t, '=HYPERLINK("x"),a');
    expect((await t.request('DELETE', `/admin/user/${carol.uid}`, { token: admin.token })).status).toBe(200);
    const deleted = await t.request('GET', '/admin/audit.csv?action=user.delete', { token: admin.token });
    expect(deleted.text).toContain(`,user:${carol.uid},"'=HYPERLINK(""x""),a"\r\n`);
    const res = await t.request('GET', '/admin/audit.csv?action=user.role', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('id,time,actor_uid,actor_name,ip,device,action,target,detail');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1).every((l) => l.includes(',user.role,'))).toBe(true);
  });

  it('quotes and neutralises cells', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x"),a')).toBe('"\'=HYPERLINK(""x""),a"');
  });
});
