/**
 * The set-up of the FCM tests: the stand-in (`fcm-service.ts`), the configuration that points a
 * server at it, device tokens, and a server with the cast whose FCM is already configured.
 */
import { afterAll, expect } from 'vitest';
import { createCast, type Cast } from './cast.js';
import { startFcmService, type FcmService } from './fcm-service.js';
import { sendText, startTestServer, type ApiClient, type TestServer, type TestUser } from './server.js';

/** The administrator's configuration for the stand-in, as `POST /admin/fcm/config` takes it. */
export const fcmConfig = (fcm: FcmService) => ({
  enabled: true,
  use_official: false,
  token_url: `${fcm.url}/token`,
  api_url: fcm.url,
  project_id: 'example-project',
  private_key: fcm.privateKey,
  client_email: fcm.clientEmail,
});

/** Sets (or with `null` or `''` clears) the device token of the user's session. */
export async function setDeviceToken(t: ApiClient, user: TestUser, token: string | null): Promise<void> {
  const res = await t.request('PUT', '/token/device_token', {
    token: user.token,
    json: { device_token: token },
  });
  expect(res.status, res.text).toBe(200);
}

/** A direct text message; returns its mid. */
export async function sendDirect(t: ApiClient, from: TestUser, to: TestUser, text: string): Promise<number> {
  const res = await sendText(t, from, { uid: to.uid }, text);
  expect(res.status, res.text).toBe(200);
  return res.json as number;
}

export interface FcmScene extends Cast {
  t: TestServer;
  fcm: FcmService;
}

/**
 * A server with the cast and FCM configured against a fresh stand-in, both closed after the
 * file's tests. Awaited at the top of the file: `const { t, fcm, alice } = await startFcmScene();`.
 */
export async function startFcmScene(): Promise<FcmScene> {
  const fcm = await startFcmService();
  afterAll(() => fcm.stop());
  const t = await startTestServer();
  afterAll(() => t.close());
  const cast = await createCast(t);
  const res = await t.request('POST', '/admin/fcm/config', { token: cast.admin.token, json: fcmConfig(fcm) });
  expect(res.status, res.text).toBe(200);
  return { t, fcm, ...cast };
}
