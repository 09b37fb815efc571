/**
 * FCM for VoceChat's mobile apps (issue 16; API.md §4.1, §11): the administrator's configuration,
 * device tokens, and messages sent through the FCM HTTP v1 API of a stand-in on loopback, which
 * checks the service account's signed OAuth assertion and the message's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from './support/cast.js';
import { fcmConfig, sendDirect, setDeviceToken } from './support/fcm-scene.js';
import { startFcmService, type FcmService } from './support/fcm-service.js';
import { createUser, startTestServer, type TestServer, type TestUser } from './support/server.js';
import { until } from './support/until.js';

let t: TestServer;
let fcm: FcmService;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  fcm = await startFcmService();
  t = await startTestServer();
  ({ admin, alice, bob } = await createCast(t));
});
afterAll(async () => {
  await t?.close();
  await fcm?.stop();
});

const config = () => fcmConfig(fcm);

const messageFor = (mid: number) => fcm.messages.find((m) => m.json.message.data.mid === String(mid));

describe('configuration', () => {
  it('administrators only; disabled by default; 400 for an incomplete enabled configuration', async () => {
    const first = await t.request('GET', '/admin/fcm/config', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ enabled: false });
    expect((await t.request('GET', '/admin/fcm/config', { token: alice.token })).status).toBe(403);
    expect(
      (await t.request('POST', '/admin/fcm/config', { token: alice.token, json: config() })).status,
    ).toBe(403);
    for (const bad of [
      { ...config(), private_key: 'nope' },
      { ...config(), client_email: '' },
      { ...config(), project_id: 'a/b' },
      { ...config(), token_url: 'ftp://x' },
    ]) {
      const res = await t.request('POST', '/admin/fcm/config', { token: admin.token, json: bad });
      expect(res.status, JSON.stringify(bad.token_url)).toBe(400);
    }
    expect((await t.request('GET', '/admin/fcm/config', { token: admin.token })).json).toEqual(first.json);
    const set = await t.request('POST', '/admin/fcm/config', { token: admin.token, json: config() });
    expect(set.status, set.text).toBe(200);
    expect((await t.request('GET', '/admin/fcm/config', { token: admin.token })).json).toEqual(config());
  });

  it('device tokens: set, and cleared with "" or null', async () => {
    const carl = await createUser(t, 'carl');
    await setDeviceToken(t, carl, 'tok:carl-1');
    expect(await t.server.ctx.store.notify.deviceToken(carl.uid, carl.device)).toBe('tok:carl-1');
    await setDeviceToken(t, carl, '');
    expect(await t.server.ctx.store.notify.deviceToken(carl.uid, carl.device)).toBeNull();
    await setDeviceToken(t, carl, 'tok:carl-2');
    await setDeviceToken(t, carl, null);
    expect(await t.server.ctx.store.notify.deviceToken(carl.uid, carl.device)).toBeNull();
    const bad = await t.request('PUT', '/token/device_token', {
      token: carl.token,
      json: { device_token: 'a b' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('sending', () => {
  it('exchanges a signed service-account JWT for a token and sends an FCM v1 message', async () => {
    await t.request('POST', '/admin/fcm/config', { token: admin.token, json: config() });
    await setDeviceToken(t, bob, 'tok:bob-phone');
    const mid = await sendDirect(t, alice, bob, 'hello from the web');
    await until(() => messageFor(mid) !== undefined, 'the FCM message');
    const request = fcm.tokenRequests[0]!;
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const assertion = new URLSearchParams(request.body).get('assertion')!;
    const [head, claims] = assertion
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(head).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(claims).toMatchObject({
      iss: fcm.clientEmail,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: `${fcm.url}/token`,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    const m = messageFor(mid)!;
    expect(m.path).toBe('/v1/projects/example-project/messages:send');
    expect(m.json).toEqual({
      message: {
        token: 'tok:bob-phone',
        notification: { title: 'alice', body: 'hello from the web' },
        data: { mid: String(mid), from_uid: String(alice.uid), uid: String(alice.uid) },
        android: { collapse_key: `u${alice.uid}`, notification: { tag: `u${alice.uid}` } },
        apns: { headers: { 'apns-collapse-id': `u${alice.uid}` } },
      },
    });
    // The access token is reused for the next message (each node fetches its own at most once).
    const next = await sendDirect(t, alice, bob, 'again');
    await until(() => messageFor(next) !== undefined, 'the second FCM message');
    expect(fcm.tokenRequests.length).toBeLessThanOrEqual(t.nodes.length);
    expect(fcm.refused).toBe(0);
  });

  it("FCM's 404 (UNREGISTERED) clears the device token", async () => {
    const dora = await createUser(t, 'dora');
    await setDeviceToken(t, dora, 'tok:dora-gone');
    fcm.gone.add('tok:dora-gone');
    await sendDirect(t, alice, dora, 'anyone?');
    await until(
      async () => (await t.server.ctx.store.notify.deviceToken(dora.uid, dora.device)) === null,
      'the token cleared',
    );
  });

  it('disabled: nothing is sent', async () => {
    await t.request('POST', '/admin/fcm/config', {
      token: admin.token,
      json: { ...config(), enabled: false },
    });
    const mid = await sendDirect(t, alice, bob, 'not over FCM');
    expect(await t.server.ctx.store.notify.listDeliveries(bob.uid, 100)).not.toContainEqual(
      expect.objectContaining({ mid }),
    );
  });
});
