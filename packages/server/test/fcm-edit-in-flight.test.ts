/**
 * An edit made while its message's notification is still on its way (the FCM send sent, its
 * answer not yet back) must still reach the phone, and after the original, never before it: on
 * Android the later one replaces the earlier under the same tag. Found as a cluster flake of
 * `fcm-changes.test.ts`: the edit's fan-out looked only for deliveries already marked delivered,
 * so an edit within one FCM round trip of the send was never pushed and the phone kept the old text.
 */
import { expect, it } from 'vitest';
import { setDeviceToken, startFcmScene } from './support/fcm-scene.js';
import { until } from './support/until.js';

const { t, fcm, alice, bob } = await startFcmScene();

const text = (body: string) => ({ body, headers: { 'content-type': 'text/plain' } });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sentTo = (token: string): any[] =>
  fcm.messages.filter((m) => m.json.message.token === token).map((m) => m.json.message);

it('pushes an edit made while the first notification is in flight, after it', async () => {
  const phone = 'tok:bob-in-flight';
  fcm.hold(phone);
  await setDeviceToken(t, bob, phone);
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
