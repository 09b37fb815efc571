/**
 * Each action, seen by one client: its state from the initial sync plus the live events equals the
 * state of a client that connects afresh afterwards (test/support/verify-action.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createChannel,
  createUser,
  sendText,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/server.js';
import { verifyAction } from './support/verify-action.js';

let t: TestServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
  bob = await createUser(t, 'bob');
  carol = await createUser(t, 'carol');
});
afterAll(async () => {
  await t.close();
});

const ok = async (response: Promise<{ status: number; text: string }>) => {
  const res = await response;
  expect(res.status, res.text).toBe(200);
};

describe('messages', () => {
  it('sending to a channel and to a person', async () => {
    const gid = await createChannel(t, alice, { name: 'send', is_public: false, members: [bob.uid] });
    await verifyAction(
      t,
      bob,
      async () => {
        await ok(sendText(t, alice, { gid }, 'to the channel', 1700000000001));
        await ok(sendText(t, alice, { uid: bob.uid }, 'to bob'));
      },
      { peer: carol, events: ['chat', 'chat'] },
    );
  });
});

describe('channels', () => {
  it('creating a private channel', async () => {
    await verifyAction(
      t,
      bob,
      () => createChannel(t, alice, { name: 'created', is_public: false, members: [bob.uid] }),
      { peer: carol, events: ['joined_group'] },
    );
  });

  it('adding a member, seen by a member already there and by the newcomer', async () => {
    const gid = await createChannel(t, alice, { name: 'add', is_public: false, members: [bob.uid] });
    const add = (uids: number[]) =>
      ok(t.request('POST', `/group/${gid}/members/add`, { token: alice.token, json: uids }));
    await verifyAction(t, bob, () => add([carol.uid]), { peer: carol, events: ['user_joined_group'] });
    await verifyAction(t, admin, () => add([admin.uid]), { peer: carol, events: ['joined_group'] });
  });

  it('removing a member, seen by one who stays and by the one removed', async () => {
    const gid = await createChannel(t, alice, {
      name: 'remove',
      is_public: false,
      members: [bob.uid, carol.uid],
    });
    await ok(sendText(t, alice, { gid }, 'before the removal'));
    const remove = (uids: number[]) =>
      ok(t.request('POST', `/group/${gid}/members/remove`, { token: alice.token, json: uids }));
    await verifyAction(t, bob, () => remove([carol.uid]), { peer: carol, events: ['user_leaved_group'] });
    await verifyAction(t, bob, () => remove([bob.uid]), { peer: carol, events: ['kick_from_group'] });
  });

  it('changing a channel from private to public and back', async () => {
    const gid = await createChannel(t, alice, { name: 'type', is_public: false, members: [bob.uid] });
    const change = (json: { is_public: boolean; members?: number[] }) =>
      ok(t.request('POST', `/group/${gid}/change_type`, { token: admin.token, json }));
    await verifyAction(t, bob, () => change({ is_public: true }), { peer: carol, events: ['group_changed'] });
    await verifyAction(t, carol, () => change({ is_public: false, members: [alice.uid] }), {
      peer: bob,
      events: ['kick_from_group'],
    });
    await verifyAction(t, bob, () => change({ is_public: true }), { peer: carol, events: ['joined_group'] });
    await verifyAction(t, bob, () => change({ is_public: false }), { peer: carol, events: ['joined_group'] });
  });
});

describe('users', () => {
  it('a profile update, by someone else and by oneself', async () => {
    const update = (user: TestUser, name: string) =>
      ok(t.request('PUT', '/user', { token: user.token, json: { name } }));
    await verifyAction(t, bob, () => update(alice, 'Alice Liddell'), { peer: carol, events: ['users_log'] });
    await verifyAction(t, bob, () => update(bob, 'Robert'), { peer: carol, events: ['users_log'] });
  });
});
