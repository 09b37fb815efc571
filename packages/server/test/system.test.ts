import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import { openStore } from '../src/store/index.js';
import { storeOptionsOf } from './support/databases.js';
import { GREEN, RED, inspectImage, solidPng } from './support/images.js';
import {
  createAdmin,
  createUser,
  startTestServer,
  testConfig,
  useTestServer,
  type TestServer,
  type TestUser,
} from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

const streams = streamsClosedAfterEach();
const readyStream = (t: TestServer, user: TestUser) => streams.ready(t.url, user.token);

const ADMIN = { email: 'founder@example.com', name: 'Founder', password: 'long enough password', gender: 0 };

describe('first start: initialized and create_admin', () => {
  const t = useTestServer({ fresh: true });

  it('is not initialized until the first user exists, then creates an administrator once', async () => {
    const before = await t.request('GET', '/admin/system/initialized');
    expect(before.status).toBe(200);
    expect(before.text).toBe('false');

    const created = await t.request('POST', '/admin/system/create_admin', { json: ADMIN });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      email: ADMIN.email,
      name: 'Founder',
      is_admin: true,
      is_bot: false,
      create_by: 'password',
    });
    expect(JSON.stringify(created.json)).not.toMatch(/password_hash|argon2/);

    expect((await t.request('GET', '/admin/system/initialized')).json).toBe(true);
    const again = await t.request('POST', '/admin/system/create_admin', {
      json: { ...ADMIN, email: 'second@example.com', name: 'Second' },
    });
    expect(again.status).toBe(403);
    const login = await t.request('POST', '/token/login', {
      json: {
        credential: { type: 'password', email: 'second@example.com', password: ADMIN.password },
        device: 'web:x',
      },
    });
    expect(login.status).toBe(404);
  });

  it('refuses sign-up before the administrator exists, so a stranger cannot take the first account', async () => {
    const res = await t.request('POST', '/user/register', {
      json: { email: 'early@example.com', password: 'early bird password', name: 'early', gender: 0 },
    });
    expect(res.status).toBe(403);
    expect((await t.request('GET', '/admin/system/initialized')).json).toBe(false);
    expect((await t.request('POST', '/admin/system/create_admin', { json: ADMIN })).status).toBe(200);
  });

  it('answers 403 to create_admin once any user exists', async () => {
    await t.request('POST', '/admin/system/create_admin', { json: ADMIN });
    await createUser(t, 'later');
    expect(
      (
        await t.request('POST', '/admin/system/create_admin', {
          json: { ...ADMIN, email: 'x@example.com', name: 'X' },
        })
      ).status,
    ).toBe(403);
  });

  it.each([
    ['different', (i: number) => ({ ...ADMIN, email: `racer${i}@example.com`, name: `Racer${i}` })],
    ['the same', () => ADMIN],
  ])('creates exactly one administrator when several requests with %s details race', async (_what, body) => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => t.request('POST', '/admin/system/create_admin', { json: body(i) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403, 403]);
    const winner = results.find((r) => r.status === 200)!.json as { email: string };
    const login = await t.request('POST', '/token/login', {
      json: {
        credential: { type: 'password', email: winner.email, password: ADMIN.password },
        device: 'web:x',
      },
    });
    const metrics = await t.request('GET', '/admin/system/metrics', { token: login.json.token });
    expect(metrics.json.user_count).toBe(1);
  });

  it('accepts a password of exactly 8 characters', async () => {
    expect(
      (await t.request('POST', '/admin/system/create_admin', { json: { ...ADMIN, password: '12345678' } }))
        .status,
    ).toBe(200);
  });
});

describe('create_admin validation', () => {
  const t = useTestServer();

  it.each([
    ['a missing email', { name: 'A', password: ADMIN.password }],
    ['an invalid email', { ...ADMIN, email: 'not-an-email' }],
    ['an email with spaces', { ...ADMIN, email: 'a b@example.com' }],
    ['a missing name', { email: ADMIN.email, password: ADMIN.password }],
    ['an empty name', { ...ADMIN, name: '' }],
    ['a blank name', { ...ADMIN, name: '   ' }],
    ['a short password', { ...ADMIN, password: '1234567' }],
    ['a missing password', { email: ADMIN.email, name: 'A' }],
  ])('answers 400 to create_admin with %s and creates nobody', async (_what, body) => {
    const res = await t.request('POST', '/admin/system/create_admin', { json: body });
    expect(res.status).toBe(400);
    expect((await t.request('GET', '/admin/system/initialized')).json).toBe(false);
  });
});

describe('organization and logo', () => {
  const t = useTestServer();
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    admin = await createAdmin(t);
    user = await createUser(t, 'orgwatcher');
  });

  it('is readable anonymously with a stable server_id', async () => {
    const first = await t.request('GET', '/admin/system/organization');
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      name: expect.any(String),
      description: null,
      server_id: expect.stringMatching(/^\w{16,}$/),
    });
    const second = await t.request('GET', '/admin/system/organization');
    expect(second.json.server_id).toBe(first.json.server_id);
    expect(admin.login.server_id).toBe(first.json.server_id);
  });

  it('is updated by PUT and by the legacy POST, and broadcasts server_config_changed', async () => {
    const s = await readyStream(t, user);
    const put = await t.request('PUT', '/admin/system/organization', {
      token: admin.token,
      json: { name: 'Acme Chat', description: 'Our place' },
    });
    expect(put.status).toBe(200);
    expect(put.text).toBe('');
    await s.waitFor(
      (e) =>
        e.type === 'server_config_changed' &&
        e.organization_name === 'Acme Chat' &&
        e.organization_description === 'Our place',
    );
    expect((await t.request('GET', '/admin/system/organization')).json).toMatchObject({
      name: 'Acme Chat',
      description: 'Our place',
    });

    // The onboarding sends only a name: the description stays.
    const post = await t.request('POST', '/admin/system/organization', {
      token: admin.token,
      json: { name: 'Acme' },
    });
    expect(post.status).toBe(200);
    const changed = await s.waitFor(
      (e) => e.type === 'server_config_changed' && e.organization_name === 'Acme',
    );
    expect(changed).toMatchObject({ organization_description: 'Our place', organization_logo: null });
    expect((await t.request('GET', '/admin/system/organization')).json).toMatchObject({
      name: 'Acme',
      description: 'Our place',
    });
  });

  it('refuses non-admins (403), anonymous callers (401) and bad bodies (400)', async () => {
    const before = (await t.request('GET', '/admin/system/organization')).json;
    for (const method of ['PUT', 'POST']) {
      expect(
        (
          await t.request(method, '/admin/system/organization', {
            token: user.token,
            json: { name: 'Hijacked' },
          })
        ).status,
      ).toBe(403);
      expect(
        (await t.request(method, '/admin/system/organization', { json: { name: 'Hijacked' } })).status,
      ).toBe(401);
      expect(
        (await t.request(method, '/admin/system/organization', { token: admin.token, json: { name: '' } }))
          .status,
      ).toBe(400);
      expect(
        (
          await t.request(method, '/admin/system/organization', {
            token: admin.token,
            json: { description: 'x' },
          })
        ).status,
      ).toBe(400);
      expect(
        (await t.request(method, '/admin/system/organization', { token: admin.token, json: { name: 42 } }))
          .status,
      ).toBe(400);
    }
    expect((await t.request('GET', '/admin/system/organization')).json).toEqual(before);
  });

  it('serves a default logo, then the uploaded one as a 240×240 PNG, ignoring a malformed query', async () => {
    const initial = await t.request('GET', '/resource/organization/logo');
    expect(initial.status).toBe(200);
    expect(initial.headers.get('content-type')).toBe('image/svg+xml');
    expect((await inspectImage(initial.bytes)).format).toBe('svg');

    // The web client sends `?t=<ms>?ts=<ms>`; `t` is never parsed.
    const odd = await t.request('GET', '/resource/organization/logo?t=1?ts=2');
    expect(odd.status).toBe(200);
    expect(odd.bytes.equals(initial.bytes)).toBe(true);

    const s = await readyStream(t, user);
    const upload = await t.request('POST', '/admin/system/organization/logo', {
      token: admin.token,
      body: await solidPng(RED, 300, 120),
      headers: { 'content-type': 'image/png' },
    });
    expect(upload.status).toBe(200);
    const event = await s.waitFor((e) => e.type === 'server_config_changed' && e.organization_logo !== null);
    expect(event).toMatchObject({ organization_name: null, organization_description: null });

    const served = await t.request('GET', '/resource/organization/logo?t=1?ts=2');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const image = await inspectImage(served.bytes);
    expect(image).toMatchObject({ format: 'png', width: 240, height: 240 });
    expect(image.mean).toEqual(RED);
  });

  it('refuses logo uploads from non-admins and anything that is not an image', async () => {
    const before = (await t.request('GET', '/resource/organization/logo')).bytes;
    const png = await solidPng(GREEN);
    const upload = (token: string | undefined, body: Buffer | string, contentType: string) =>
      t.request('POST', '/admin/system/organization/logo', {
        token,
        body,
        headers: { 'content-type': contentType },
      });
    expect((await upload(user.token, png, 'image/png')).status).toBe(403);
    expect((await upload(undefined, png, 'image/png')).status).toBe(401);
    expect((await upload(admin.token, Buffer.from('definitely not an image'), 'image/png')).status).toBe(400);
    expect((await upload(admin.token, Buffer.alloc(0), 'image/png')).status).toBe(400);
    expect((await upload(admin.token, '{"logo":1}', 'application/json')).status).toBe(415);
    expect((await t.request('GET', '/resource/organization/logo')).bytes.equals(before)).toBe(true);
  });
});

describe('server restart on the same data', () => {
  it('keeps the server_id, the tokens and the uploaded logo', async () => {
    const t = await startTestServer();
    try {
      const admin = await createAdmin(t);
      await t.request('POST', '/admin/system/organization/logo', {
        token: admin.token,
        body: await solidPng(GREEN),
        headers: { 'content-type': 'image/png' },
      });
      const { server_id } = (await t.request('GET', '/admin/system/organization')).json as {
        server_id: string;
      };

      await t.server.close();
      await t.db.store.close();
      const store = await openStore(storeOptionsOf(t.db));
      const again = await buildServer({
        config: testConfig({ DATA_DIR: t.db.dataDir, LOG_LEVEL: 'silent' }),
        store,
      });
      try {
        const org = await again.app.inject({ method: 'GET', url: '/api/admin/system/organization' });
        expect(org.json()).toMatchObject({ server_id });
        const me = await again.app.inject({
          method: 'GET',
          url: '/api/user/me',
          headers: { 'x-api-key': admin.token },
        });
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({ uid: admin.uid });
        const logo = await again.app.inject({ method: 'GET', url: '/api/resource/organization/logo' });
        expect((await inspectImage(logo.rawPayload)).mean).toEqual(GREEN);
      } finally {
        await again.close();
        await store.close();
      }
    } finally {
      await t.close();
    }
  });
});

describe('settings and status endpoints', () => {
  const t = useTestServer();
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    admin = await createAdmin(t);
    user = await createUser(t, 'settingsuser');
  });

  it('reports version 0.3.9 as bare text/plain to anyone', async () => {
    const res = await t.request('GET', '/admin/system/version');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toBe('0.3.9');
  });

  it('shows metrics to administrators only', async () => {
    await t.request('POST', '/group', { token: admin.token, json: { name: 'metrics', is_public: true } });
    const res = await t.request('GET', '/admin/system/metrics', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      user_count: 2,
      group_count: 1,
      online_user_count: 0,
      version: expect.any(String),
    });
    expect((await t.request('GET', '/admin/system/metrics', { token: user.token })).status).toBe(403);
    expect((await t.request('GET', '/admin/system/metrics')).status).toBe(401);
  });

  it('counts users online while they hold a stream', async () => {
    await readyStream(t, user);
    const res = await t.request('GET', '/admin/system/metrics', { token: admin.token });
    expect(res.json.online_user_count).toBe(1);
  });

  it('serves the login config publicly and lets only administrators replace it', async () => {
    const initial = await t.request('GET', '/admin/login/config');
    expect(initial.status).toBe(200);
    expect(initial.json).toMatchObject({
      who_can_sign_up: 'EveryOne',
      password: true,
      guest: false,
      oidc: [],
    });
    const next = { ...(initial.json as object), who_can_sign_up: 'InvitationOnly', guest: true };

    expect((await t.request('POST', '/admin/login/config', { token: user.token, json: next })).status).toBe(
      403,
    );
    expect((await t.request('POST', '/admin/login/config', { json: next })).status).toBe(401);
    const bad = [
      { ...next, who_can_sign_up: 'Anybody' },
      { ...next, password: 'yes' },
      { ...next, oidc: {} },
      { who_can_sign_up: 'InvitationOnly' },
    ];
    for (const body of bad)
      expect(
        (await t.request('POST', '/admin/login/config', { token: admin.token, json: body })).status,
      ).toBe(400);
    expect((await t.request('GET', '/admin/login/config')).json).toEqual(initial.json);

    expect((await t.request('POST', '/admin/login/config', { token: admin.token, json: next })).status).toBe(
      200,
    );
    expect((await t.request('GET', '/admin/login/config')).json).toEqual(next);
    expect(
      (await t.request('POST', '/admin/login/config', { token: admin.token, json: initial.json })).status,
    ).toBe(200);
  });

  it('reports SMTP as disabled with a JSON false', async () => {
    const res = await t.request('GET', '/admin/smtp/enabled');
    expect(res.status).toBe(200);
    expect(res.text).toBe('false');
  });

  it('lets every signed-in user read system/common and only administrators change it', async () => {
    const read = await t.request('GET', '/admin/system/common', { token: user.token });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      chat_layout_mode: 'Left',
      max_file_expiry_mode: 'Off',
      only_admin_can_create_group: false,
    });
    expect((await t.request('GET', '/admin/system/common')).status).toBe(401);

    expect(
      (
        await t.request('PUT', '/admin/system/common', {
          token: user.token,
          json: { chat_layout_mode: 'SelfRight' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.request('PUT', '/admin/system/common', {
          token: admin.token,
          json: { chat_layout_mode: 'Middle' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request('PUT', '/admin/system/common', {
          token: admin.token,
          json: { show_user_online_status: 'no' },
        })
      ).status,
    ).toBe(400);
    expect((await t.request('GET', '/admin/system/common', { token: user.token })).json).toEqual(read.json);

    const s = await readyStream(t, user);
    const put = await t.request('PUT', '/admin/system/common', {
      token: admin.token,
      json: { chat_layout_mode: 'SelfRight', ext_setting: '{"a":1}' },
    });
    expect(put.status).toBe(200);
    await s.waitFor(
      (e) =>
        e.type === 'server_config_changed' &&
        e.chat_layout_mode === 'SelfRight' &&
        e.ext_setting === '{"a":1}',
    );
    const after = await t.request('GET', '/admin/system/common', { token: user.token });
    expect(after.json).toEqual({
      ...(read.json as object),
      chat_layout_mode: 'SelfRight',
      ext_setting: '{"a":1}',
    });
  });

  it('gives anyone an unlimited licence', async () => {
    for (const token of [undefined, user.token]) {
      const res = await t.request('GET', '/license', { token });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ domains: ['*'], sign: true });
      expect(res.json.user_limit).toBeGreaterThan(1000);
      expect(Date.parse(res.json.expired_at)).toBeGreaterThan(Date.now());
    }
  });

  it('reports voice as off to signed-in users', async () => {
    const res = await t.request('GET', '/admin/agora/enabled', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.text).toBe('false');
    expect((await t.request('GET', '/admin/agora/enabled')).status).toBe(401);
  });

  it('answers the social sign-in public configs and the tunnel info anonymously', async () => {
    for (const provider of ['google_auth', 'github_auth']) {
      const res = await t.request('GET', `/admin/${provider}/public_config`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ client_id: '' });
    }
    const tunnel = await t.request('GET', '/admin/cloudflared/auto_info');
    expect(tunnel.status).toBe(200);
    expect(tunnel.json).toEqual({
      auto_cftunnel: false,
      tunnel_status: { status: 'idle', url: '', error: '' },
    });
  });
});
