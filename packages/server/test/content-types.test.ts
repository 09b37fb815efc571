/**
 * JSON routes take JSON only, in UTF-8; settings keep only the keys they define, within limits.
 * Every refusal stores nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { solidPng, RED } from './support/images.js';
import { createAdmin, createChannel, useTestServer, type TestUser } from './support/server.js';

const t = useTestServer();
let admin: TestUser;
let gid: number;
beforeAll(async () => {
  admin = await createAdmin(t);
  gid = await createChannel(t, admin, { name: 'types', is_public: true });
});

const common = async () => (await t.request('GET', '/admin/system/common', { token: admin.token })).json;
const putCommon = (body: string | Buffer, type: string) =>
  t.request('PUT', '/admin/system/common', { token: admin.token, body, headers: { 'content-type': type } });

describe('content types of JSON routes', () => {
  it('answers 415 to a body that is not JSON and stores nothing', async () => {
    const before = await common();
    const body = JSON.stringify({ dm_enable: !before.dm_enable });
    for (const type of ['application/octet-stream', 'text/plain', 'image/png', 'text/markdown']) {
      const res = await putCommon(body, type);
      expect(res.status, type).toBe(415);
    }
    expect(await common()).toEqual(before);
    const png = await solidPng(RED, 4);
    const readIndex = await t.request('POST', '/user/read-index', {
      token: admin.token,
      body: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(readIndex.status).toBe(415);
  });

  it('answers 415 to any charset but UTF-8, for JSON and message text', async () => {
    const before = await common();
    const body = JSON.stringify({ dm_enable: !before.dm_enable });
    for (const charset of ['utf-16', 'latin1', 'iso-8859-1']) {
      expect((await putCommon(body, `application/json; charset=${charset}`)).status, charset).toBe(415);
      const send = await t.request('POST', `/group/${gid}/send`, {
        token: admin.token,
        body: 'caf\u00e9',
        headers: { 'content-type': `text/plain; charset=${charset}` },
      });
      expect(send.status, charset).toBe(415);
    }
    expect(await common()).toEqual(before);
    expect((await t.request('GET', `/group/${gid}/history`, { token: admin.token })).json).toEqual([]);
    expect((await putCommon(body, 'application/json; charset=UTF-8')).status).toBe(200);
    expect((await common()).dm_enable).toBe(!before.dm_enable);
  });
});

describe('settings bodies', () => {
  it('stores only the keys a setting defines', async () => {
    // The server-wide settings refuse an unknown key whole (400, nothing stored): a typo in an
    // administrator's script should not pass for a change.
    const before = await common();
    const res = await putCommon(
      JSON.stringify({ search_user_enable: !before.search_user_enable, unknown_key: 'x'.repeat(100_000) }),
      'application/json',
    );
    expect(res.status).toBe(400);
    expect(await common()).toEqual(before);
    // Responses are serialised by schema, so look at what was stored.
    expect(await t.db.store.settings.get('system_common')).not.toHaveProperty('unknown_key');

    // The login configuration, which VoceChat's clients post whole, drops what it does not define.

    const config = (await t.request('GET', '/admin/login/config')).json;
    const withExtra = {
      ...config,
      extra: 'x'.repeat(10_000),
      oidc: [{ enable: false, favicon: 'https://idp.example/favicon.ico', domain: 'idp.example', extra: 1 }],
    };
    const post = await t.request('POST', '/admin/login/config', { token: admin.token, json: withExtra });
    expect(post.status).toBe(200);
    const after = (await t.request('GET', '/admin/login/config')).json;
    expect(after).not.toHaveProperty('extra');
    const storedConfig = await t.db.store.settings.get<{ oidc: object[] }>('login_config');
    expect(storedConfig).not.toHaveProperty('extra');
    expect(storedConfig?.oidc[0]).not.toHaveProperty('extra');
    expect(after.oidc).toEqual([
      { enable: false, favicon: 'https://idp.example/favicon.ico', domain: 'idp.example' },
    ]);
  });

  it('refuses setting values over their size limits and stores nothing', async () => {
    const config = (await t.request('GET', '/admin/login/config')).json;
    const huge = { ...config, oidc: [{ enable: true, favicon: 'x'.repeat(100_000), domain: 'idp.example' }] };
    const res = await t.request('POST', '/admin/login/config', { token: admin.token, json: huge });
    expect(res.status).toBe(400);
    expect((await t.request('GET', '/admin/login/config')).json).toEqual(config);
  });
});
