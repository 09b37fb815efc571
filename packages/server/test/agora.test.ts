/**
 * Agora compatibility for VoceChat clients (API.md §5, §11.2; issue 15): the settings, `enabled`,
 * RTC tokens that Agora's own library parses and verifies, and the channel listing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';

// The package's token parser is not exported from its index: load its module directly.
const { AccessToken2 } = createRequire(import.meta.url)('agora-token/src/AccessToken2.js') as {
  AccessToken2: new () => {
    from_string(token: string): boolean;
    verifySignature(certificate: string): boolean;
    appId: Buffer | string;
    expire: number;
    services: { __channel_name?: Buffer | string; __uid?: Buffer | string }[];
  };
};

const APP_ID = '0123456789abcdef0123456789abcdef';
const CERT = 'fedcba9876543210fedcba9876543210';
const CONFIG = {
  enabled: true,
  url: 'https://api.agora.io',
  project_id: 'p1',
  app_id: APP_ID,
  app_certificate: CERT,
  customer_id: 'cid',
  customer_secret: 'csecret',
};

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();

const enabled = async (user: TestUser) =>
  (await t.request('GET', '/admin/agora/enabled', { token: user.token })).json;
const token = (user: TestUser, json: unknown) =>
  t.request('POST', '/admin/agora/token', { token: user.token, json });

describe('Agora settings', () => {
  it('off by default: enabled false, tokens 503, the config has every field', async () => {
    expect(await enabled(alice)).toBe(false);
    const res = await t.request('GET', '/admin/agora/config', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      enabled: false,
      url: '',
      project_id: '',
      app_id: '',
      app_certificate: '',
      customer_id: '',
      customer_secret: '',
    });
    expect((await token(alice, { gid: pub })).status).toBe(503);
    expect((await t.request('GET', `/group/${pub}/agora_token`, { token: alice.token })).status).toBe(503);
  });

  it('only administrators read or write it; bad keys are refused and change nothing', async () => {
    expect((await t.request('GET', '/admin/agora/config', { token: alice.token })).status).toBe(403);
    expect(
      (await t.request('POST', '/admin/agora/config', { token: alice.token, json: CONFIG })).status,
    ).toBe(403);
    const bad = await t.request('POST', '/admin/agora/config', {
      token: admin.token,
      json: { ...CONFIG, app_id: 'not-hex' },
    });
    expect(bad.status).toBe(400);
    expect(await enabled(alice)).toBe(false);
  });

  it('configured: enabled true, the config reads back, 0.3.3 rtm names are taken', async () => {
    const { customer_id: _i, customer_secret: _s, ...old } = CONFIG;
    const res = await t.request('POST', '/admin/agora/config', {
      token: admin.token,
      json: { ...old, rtm_key: 'k', rtm_secret: 's' },
    });
    expect(res.status, res.text).toBe(200);
    expect((await t.request('GET', '/admin/agora/config', { token: admin.token })).json).toMatchObject({
      ...old,
      customer_id: 'k',
      customer_secret: 's',
    });
    expect(
      (await t.request('POST', '/admin/agora/config', { token: admin.token, json: CONFIG })).status,
    ).toBe(200);
    expect(await enabled(alice)).toBe(true);
    expect((await t.request('GET', '/admin/agora/config', { token: admin.token })).json).toEqual(CONFIG);
  });
});

describe('Agora tokens', () => {
  beforeAll(async () => {
    await t.request('POST', '/admin/agora/config', { token: admin.token, json: CONFIG });
  });

  it('a channel token that Agora’s parser accepts and verifies with the certificate', async () => {
    const res = await token(alice, { gid: priv });
    expect(res.status, res.text).toBe(200);
    const body = res.json as Record<string, unknown>;
    expect(body).toMatchObject({
      app_id: APP_ID,
      uid: alice.uid,
      channel_name: `vocechat:group:${priv}`,
      expired_in: 3600,
    });
    const parsed = new AccessToken2();
    expect(parsed.from_string(body.agora_token as string)).toBe(true);
    expect(parsed.verifySignature(CERT)).toBe(true);
    expect(parsed.verifySignature('00000000000000000000000000000000')).toBe(false);
    expect(String(parsed.appId)).toBe(APP_ID);
    expect(parsed.expire).toBe(3600);
    const rtc = parsed.services[0]!;
    expect([String(rtc.__channel_name), String(rtc.__uid)]).toEqual([
      `vocechat:group:${priv}`,
      String(alice.uid),
    ]);
  });

  it('GET /group/{gid}/agora_token gives the same shape to members', async () => {
    const res = await t.request('GET', `/group/${pub}/agora_token`, { token: bob.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ uid: bob.uid, channel_name: `vocechat:group:${pub}` });
  });

  it('a DM token names the same channel for both sides', async () => {
    const a = (await token(alice, { uid: bob.uid })).json as { channel_name: string };
    const b = (await token(bob, { uid: alice.uid })).json as { channel_name: string };
    const [lo, hi] = [alice.uid, bob.uid].sort((x, y) => x - y);
    expect(a.channel_name).toBe(`vocechat:${lo}:user:${hi}`);
    expect(b.channel_name).toBe(a.channel_name);
  });

  it('outsiders, unknown targets and malformed requests are refused', async () => {
    expect((await token(carol, { gid: priv })).status).toBe(403);
    expect((await token(alice, { gid: 999_999 })).status).toBe(404);
    expect((await token(alice, { uid: 999_999 })).status).toBe(404);
    expect((await token(alice, { uid: alice.uid })).status).toBe(400);
    expect((await token(alice, {})).status).toBe(400);
    expect((await token(alice, { gid: pub, uid: bob.uid })).status).toBe(400);
    expect((await t.request('POST', '/admin/agora/token', { json: { gid: pub } })).status).toBe(401);
  });
});

describe('Agora channel listing', () => {
  it('lists public channels’ rooms with their counts, without a token; private rooms stay hidden', async () => {
    const join = (user: TestUser, gid: number) =>
      t.request('POST', '/voice/join', {
        token: user.token,
        json: { gid, muted: false, deafened: false, video: false, screen: false },
      });
    expect((await join(alice, pub)).status).toBe(200);
    expect((await join(bob, pub)).status).toBe(200);
    expect((await join(carol, pub)).status).toBe(200);
    expect((await join(alice, priv)).status).toBe(200);
    const list = await t.request('GET', '/admin/agora/channel/0/100');
    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      success: true,
      data: { channels: [{ channel_name: `vocechat:group:${pub}`, user_count: 2 }], total_size: 1 },
    });
    expect((await t.request('GET', '/admin/agora/channel/1/100')).json).toEqual({
      success: true,
      data: { channels: [], total_size: 1 },
    });
    const users = await t.request('GET', `/admin/agora/channel/user/vocechat:group:${pub}/false`);
    expect(users.json).toEqual({
      success: true,
      data: { channel_exist: true, mode: 1, total: 2, users: [bob.uid, carol.uid] },
    });
    for (const name of [`vocechat:group:${priv}`, 'vocechat:group:999999', 'other:user:1']) {
      const res = await t.request('GET', `/admin/agora/channel/user/${encodeURIComponent(name)}/false`);
      expect(res.json).toEqual({ success: true, data: { channel_exist: false } });
    }
    expect((await t.request('GET', '/admin/agora/channel/user/nonsense/false')).status).toBe(400);
    expect((await t.request('GET', '/admin/agora/channel/0/0')).status).toBe(400);
    expect((await t.request('GET', '/admin/agora/channel/x/10')).status).toBe(400);
    for (const user of [alice, bob, carol]) {
      expect((await t.request('POST', '/voice/leave', { token: user.token })).status).toBe(200);
    }
  });
});
