/**
 * An edit made while its message's notification is still on its way (the FCM send sent, its
 * answer not yet back) must still reach the phone, and after the original, never before it: on
 * Android the later one replaces the earlier under the same tag. Found as a cluster flake of
 * `fcm-changes.test.ts`: the edit's fan-out looked only for deliveries already marked delivered,
 * so an edit within one FCM round trip of the send was never pushed and the phone kept the old text.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCast } from './support/cast.js';
import { startFcmService, type FcmService } from './support/fcm-service.js';
import { startTestServer, type TestServer, type TestUser } from './support/server.js';
import { until } from './support/until.js';

let t: TestServer;
let fcm: FcmService;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  fcm = await startFcmService();
  t = await startTestServer();
  let admin: TestUser;
  ({ admin, alice, bob } = await createCast(t));
  const res = await t.request('POST', '/admin/fcm/config', {
    token: admin.token,
    json: {
      enabled: true,
      use_official: false,
      token_url: `${fcm.url}/token`,
      api_url: fcm.url,
      project_id: 'example-project',
      private_key: fcm.privateKey,
      client_email: fcm.clientEmail,
    },
  });
  expect(res.status, res.text).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fcm?.stop();
});

const text = (body: string) => ({ body, headers: { 'content-type': 'text/plain' } });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sentTo = (token: string): any[] =>
  fcm.messages.filter((m) => m.json.message.token === token).map((m) => m.json.message);

it('pushes an edit made while the first notification is in flight, after it', async () => {
  const phone = 'tok:bob-in-flight';
  fcm.hold(phone);
  const set = await t.request('PUT', '/token/device_token', {
    token: bob.token,
    json: { device_token: phone },
  });
  expect(set.status, set.text).toBe(200);
  const sent = await t.request('POST', `/user/${bob.uid}/send`, { token: alice.token, ...text('at 3') });
  expect(sent.status, sent.text).toBe(200);
  const mid = sent.json as number;
  await until(() => sentTo(phone).length === 1, 'the first send reaching FCM');

  const edit = await t.request('PUT', `/message/${mid}/edit`, { token: alice.token, ...text('at 4') });
  expect(edit.status, edit.text).toBe(200);
  const queuedEdit = async () =>
    (await t.server.ctx.store.notify.listDeliveries(bob.uid, 20)).some(
      (d) => d.mid === mid && d.body.includes('"kind":"edit"'),
    );
  await until(queuedEdit, 'the edit queued for the phone');
  // Queued, but not sent while the original is unanswered: it must not overtake it.
  expect(sentTo(phone)).toHaveLength(1);

  fcm.release(phone);
  await until(() => sentTo(phone).length === 2, 'the edit over FCM');
  const [first, edited] = sentTo(phone);
  expect(first.notification.body).toBe('at 3');
  expect(edited.notification.body).toBe('at 4');
  expect(edited.data.kind).toBe('edit');
});
