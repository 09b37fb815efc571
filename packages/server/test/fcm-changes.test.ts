/**
 * FCM and changed messages (issue 16: "a deleted or edited message updates or withdraws its
 * notification where the platform allows"; docs/notifications.md): an edit is sent again to the
 * devices that were notified, with the same collapse key and tag so it replaces the notification
 * on Android; a delete sends a data-only message (nothing shown) that names the message and tag,
 * as FCM cannot remove a notification itself. Devices never notified hear of neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from './support/cast.js';
import { startFcmService, type FcmService } from './support/fcm-service.js';
import { createUser, startTestServer, type TestServer, type TestUser } from './support/server.js';
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

async function setToken(user: TestUser, token: string) {
  const res = await t.request('PUT', '/token/device_token', {
    token: user.token,
    json: { device_token: token },
  });
  expect(res.status, res.text).toBe(200);
}
async function send(from: TestUser, to: TestUser, text: string): Promise<number> {
  const res = await t.request('POST', `/user/${to.uid}/send`, {
    token: from.token,
    body: text,
    headers: { 'content-type': 'text/plain' },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as number;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sentFor = (mid: number, token: string): any[] =>
  fcm.messages
    .filter((m) => m.json.message.data.mid === String(mid) && m.json.message.token === token)
    .map((m) => m.json.message);

describe('FCM: edits and deletes', () => {
  it('an edit replaces the notification (same tag and collapse key) with the new text', async () => {
    await setToken(bob, 'tok:bob-edit');
    const mid = await send(alice, bob, 'meet at 3');
    await until(() => sentFor(mid, 'tok:bob-edit').length === 1, 'the first FCM message');
    const edit = await t.request('PUT', `/message/${mid}/edit`, {
      token: alice.token,
      body: 'meet at 4',
      headers: { 'content-type': 'text/plain' },
    });
    expect(edit.status, edit.text).toBe(200);
    await until(() => sentFor(mid, 'tok:bob-edit').length === 2, 'the edit over FCM');
    const [first, edited] = sentFor(mid, 'tok:bob-edit');
    expect(edited).toEqual({
      token: 'tok:bob-edit',
      notification: { title: 'alice', body: 'meet at 4' },
      data: {
        mid: String(mid),
        from_uid: String(alice.uid),
        uid: String(alice.uid),
        kind: 'edit',
        tag: `u${alice.uid}`,
      },
      android: { collapse_key: `u${alice.uid}`, notification: { tag: `u${alice.uid}` } },
      apns: { headers: { 'apns-collapse-id': `u${alice.uid}` } },
    });
    expect(edited.android).toEqual(first.android);
    expect(edited.apns).toEqual(first.apns);
  });

  it('a delete sends a data-only withdrawal: nothing shown, the message and tag named', async () => {
    await setToken(bob, 'tok:bob-delete');
    const mid = await send(alice, bob, 'oops, wrong chat');
    await until(() => sentFor(mid, 'tok:bob-delete').length === 1, 'the first FCM message');
    const del = await t.request('DELETE', `/message/${mid}`, { token: alice.token });
    expect(del.status, del.text).toBe(200);
    await until(() => sentFor(mid, 'tok:bob-delete').length === 2, 'the withdrawal over FCM');
    const withdrawal = sentFor(mid, 'tok:bob-delete')[1];
    expect(withdrawal).toEqual({
      token: 'tok:bob-delete',
      data: {
        mid: String(mid),
        from_uid: String(alice.uid),
        uid: String(alice.uid),
        kind: 'withdraw',
        tag: `u${alice.uid}`,
      },
      android: { collapse_key: `u${alice.uid}`, priority: 'high' },
      apns: {
        headers: { 'apns-push-type': 'background', 'apns-priority': '5' },
        payload: { aps: { 'content-available': 1 } },
      },
    });
    expect(withdrawal.notification).toBeUndefined();
  });

  it('a device that was not notified hears of neither', async () => {
    const erin = await createUser(t, 'erin');
    await setToken(bob, 'tok:bob-third');
    const mid = await send(alice, bob, 'before erin had a phone');
    await until(() => sentFor(mid, 'tok:bob-third').length === 1, 'the first FCM message');
    // Erin was never sent this message; a DM to her later is the marker that the queue moved on.
    await setToken(erin, 'tok:erin');
    const edit = await t.request('PUT', `/message/${mid}/edit`, {
      token: alice.token,
      body: 'edited',
      headers: { 'content-type': 'text/plain' },
    });
    expect(edit.status).toBe(200);
    await until(() => sentFor(mid, 'tok:bob-third').length === 2, 'the edit to bob');
    const marker = await send(alice, erin, 'hello erin');
    await until(() => sentFor(marker, 'tok:erin').length === 1, 'the marker to erin');
    expect(sentFor(mid, 'tok:erin')).toEqual([]);
  });
});
