/**
 * FCM and changed messages (issue 16: "a deleted or edited message updates or withdraws its
 * notification where the platform allows"; docs/notifications.md): an edit is sent again to the
 * devices that were notified, with the same collapse key and tag so it replaces the notification
 * on Android; a delete sends a data-only message (nothing shown) that names the message and tag,
 * as FCM cannot remove a notification itself. Devices never notified hear of neither.
 */
import { describe, expect, it } from 'vitest';
import { sendDirect, setDeviceToken, startFcmScene } from './support/fcm-scene.js';
import { createUser } from './support/server.js';
import { until } from './support/until.js';

const { t, fcm, alice, bob } = await startFcmScene();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sentFor = (mid: number, token: string): any[] =>
  fcm.messages
    .filter((m) => m.json.message.data.mid === String(mid) && m.json.message.token === token)
    .map((m) => m.json.message);

describe('FCM: edits and deletes', () => {
  it('an edit replaces the notification (same tag and collapse key) with the new text', async () => {
    await setDeviceToken(t, bob, 'tok:bob-edit');
    const mid = await sendDirect(t, alice, bob, 'meet at 3');
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
    await setDeviceToken(t, bob, 'tok:bob-delete');
    const mid = await sendDirect(t, alice, bob, 'oops, wrong chat');
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
    await setDeviceToken(t, bob, 'tok:bob-third');
    const mid = await sendDirect(t, alice, bob, 'before erin had a phone');
    await until(() => sentFor(mid, 'tok:bob-third').length === 1, 'the first FCM message');
    // Erin was never sent this message; a DM to her later is the marker that the queue moved on.
    await setDeviceToken(t, erin, 'tok:erin');
    const edit = await t.request('PUT', `/message/${mid}/edit`, {
      token: alice.token,
      body: 'edited',
      headers: { 'content-type': 'text/plain' },
    });
    expect(edit.status).toBe(200);
    await until(() => sentFor(mid, 'tok:bob-third').length === 2, 'the edit to bob');
    const marker = await sendDirect(t, alice, erin, 'hello erin');
    await until(() => sentFor(marker, 'tok:erin').length === 1, 'the marker to erin');
    expect(sentFor(mid, 'tok:erin')).toEqual([]);
  });
});
