/**
 * The smaller hardening items of issue 8 (defect 12): no credentials in request logs, a private
 * data directory and database file, invite links that a Host header cannot redirect, a new
 * device's initial sync that always reaches `ready`, and names that cannot impersonate.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, SQLITE_FILE_NAME } from '../src/store/index.js';
import { testDatabase } from './support/databases.js';
import {
  createAdmin,
  createChannel,
  createUser,
  login,
  sendText,
  startTestServer,
  type TestServer,
} from './support/server.js';
import { openTestStream, chats } from './support/sse.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('request logs', () => {
  it('never carry the stream token or other credentials in the query', async () => {
    const lines: string[] = [];
    t = await startTestServer({
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (l) => void lines.push(l) },
    });
    const admin = await createAdmin(t);
    const s = await openTestStream(t.url, admin.token);
    await s.ready();
    s.close();
    await t.request('POST', '/user/check_magic_token', { json: { magic_token: 'x' } });
    await t.request('GET', `/user/me?token=${admin.refreshToken}&magic_token=secret-magic`);
    const log = lines.join('');
    expect(log).toContain('/api/user/events?api-key=[redacted]');
    expect(log).toContain('token=[redacted]&magic_token=[redacted]');
    expect(log).not.toContain(admin.token);
    expect(log).not.toContain(admin.refreshToken);
    expect(log).not.toContain('secret-magic');
  });
});

describe.runIf(testDatabase() === 'sqlite')('data directory', () => {
  it('is created 0700 and the database file 0600 (it holds the token signing key)', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'parley-perm-'));
    const dataDir = path.join(parent, 'data');
    try {
      const store = await openStore({ databaseUrl: undefined, dataDir });
      await store.close();
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dataDir, SQLITE_FILE_NAME)).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('invite links', () => {
  it('keep the origin seen at onboarding, whatever Host a later request names', async () => {
    t = await startTestServer();
    const admin = await createAdmin(t);
    const link = (headers: Record<string, string> = {}) =>
      t!.request('GET', '/group/create_reg_magic_link', { token: admin.token, headers });
    const plain = await link();
    const forged = await link({ host: 'attacker.example', 'x-forwarded-host': 'attacker.example' });
    expect(forged.status).toBe(200);
    const origin = (url: string) => new URL(url).origin;
    expect(origin(forged.text)).toBe(origin(plain.text));
    expect(forged.text).not.toContain('attacker');
    // Straight to a node (no balancer rewriting Host): the origin the tests reached it at.
    if (t.nodes.length === 1) expect(origin(plain.text)).toBe(origin(t.url));
  });

  it('use PUBLIC_URL when it is set', async () => {
    t = await startTestServer({ env: { PUBLIC_URL: 'https://chat.example.com/' } });
    const admin = await createAdmin(t);
    const res = await t.request('GET', '/group/create_reg_magic_link', { token: admin.token });
    expect(res.text.startsWith('https://chat.example.com/?magic_token=')).toBe(true);
  });
});

describe('a new device’s initial sync', () => {
  it('reaches ready however large the messages others filled its conversations with', async () => {
    t = await startTestServer();
    await createAdmin(t);
    const victim = await createUser(t, 'victim');
    const mallory = await createUser(t, 'mallory');
    const big = 'x'.repeat(60 * 1024);
    const gids = await Promise.all(
      [1, 2].map((i) =>
        createChannel(t!, mallory, { name: `bulk ${i}`, is_public: false, members: [victim.uid] }),
      ),
    );
    // 150 messages of 60 KB (9 MB) in three conversations, 50 each: far beyond the 4 MiB cap.
    for (const to of [{ gid: gids[0]! }, { gid: gids[1]! }, { uid: victim.uid }]) {
      const sent = await Promise.all(
        Array.from({ length: 50 }, (_, i) => sendText(t!, mallory, to, `${i} ${big}`)),
      );
      expect(sent.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    }
    const last = (await sendText(t, mallory, { uid: victim.uid }, 'the newest')).json as number;
    const device = await login(t, victim.email, victim.password);
    const s = await openTestStream(t.url, device.token);
    await s.ready(15_000);
    const got = chats(s.events);
    expect(got.length).toBeGreaterThan(0);
    expect(got.at(-1)!.mid).toBe(last);
    s.close();
  }, 60_000);
});

describe('names', () => {
  it('refuses zero-width and bidi control characters and stores names NFKC-normalised', async () => {
    t = await startTestServer();
    const admin = await createAdmin(t);
    const alice = await createUser(t, 'alice');
    for (const name of ['Ad\u200Bmin', 'nimdA\u202E', '\u2066Admin\u2069', 'Admin\u200D', 'A\u0000x']) {
      const res = await t.request('PUT', '/user', { token: alice.token, json: { name } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      const reg = await t.request('POST', '/user/register', {
        json: { email: `z${name.length}${Math.random()}@example.com`, password: 'a good password', name },
      });
      expect(reg.status).toBe(400);
    }
    const wide = await t.request('PUT', '/user', {
      token: alice.token,
      json: { name: 'Ａｌｉｃｅ\u3000Ｗ' },
    });
    expect(wide.status).toBe(200);
    expect(wide.json.name).toBe('Alice W');
    expect((await t.request('GET', '/user/me', { token: admin.token })).json.name).toBe('Admin');
  });

  it('treats a name that looks like another user’s as taken', async () => {
    t = await startTestServer();
    await createAdmin(t, 'Admin');
    const mallory = await createUser(t, 'mallory');
    for (const lookalike of ['Аdmin', 'ADMIN', 'Adm1n', 'AdmIn', 'Ad min', 'Ａdmin', 'Àdmin']) {
      const res = await t.request('PUT', '/user', { token: mallory.token, json: { name: lookalike } });
      expect(res.status, lookalike).toBe(409);
      expect(res.json).toEqual({ reason: 'name_conflict' });
    }
    // Registering with a look-alike gets a different name, as with an exact one.
    const reg = await t.request('POST', '/user/register', {
      json: { email: 'fake@example.com', password: 'a good password', name: 'Аdmin' },
    });
    expect(reg.status).toBe(200);
    expect(reg.json.user.name).not.toBe('Аdmin');
    expect(reg.json.user.name).toMatch(/^Аdmin\d{4}$/);
    expect(
      (await t.request('PUT', '/user', { token: mallory.token, json: { name: 'Mallory Jr' } })).status,
    ).toBe(200);
  });
});
