/**
 * Each action, seen by one client: its state from the initial sync plus the live events equals the
 * state of a client that connects afresh afterwards (test/support/verify-action.ts).
 */
import type { ServerEventType } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createChannel,
  createUser,
  login,
  sendText,
  type TestServer,
  type TestUser,
  useTestServer,
} from './support/server.js';
import { verifyAction as verify, type VerifyActionOptions } from './support/verify-action.js';

/**
 * Every event type, and where this file covers it or why it does not: the record is typed by the
 * protocol, so an event added there fails the typecheck until it is listed here.
 */
const COVERAGE: Record<ServerEventType, 'live' | `not live: ${string}` | `not yet: ${string}`> = {
  chat: 'live',
  joined_group: 'live',
  user_joined_group: 'live',
  user_leaved_group: 'live',
  kick_from_group: 'live',
  group_changed: 'live',
  users_log: 'live',
  user_settings_changed: 'live',
  user_preferences_changed: 'live',
  server_config_changed: 'live',
  ready: 'not live: ends the initial sync',
  heartbeat: 'not live: a timer, not an action',
  users_snapshot: 'not live: initial sync only',
  users_state: 'not live: initial sync only',
  related_groups: 'not live: initial sync only',
  user_settings: 'not live: initial sync only',
  users_state_changed: 'not live: presence follows streams, not actions (stream.test.ts)',
  kick: 'not live: ends the stream (stream.test.ts, token.test.ts)',
  pinned_message_updated: 'live',
  message_cleared: 'live',
  group_message_cleared: 'not yet: no endpoint clears a channel',
  user_typing: 'not live: ephemeral, nothing stored to compare (typing.test.ts)',
  user_calling: 'not live: ringing is not in the initial sync; clients ask GET /voice/rooms (calls.test.ts)',
  voice_call: 'not live: call states are not in the initial sync (calls.test.ts)',
  voice_room_changed: 'not live: rooms are read with GET /voice/rooms, compared in calls.test.ts',
  voice_signal: 'not live: relayed signalling, nothing stored (calls.test.ts)',
  voice_ended: 'not live: ends one device’s call (calls.test.ts)',
  voice_sfu_feed:
    'not live: SFU media up/gone, to the room’s members only, not in the sync (sfu-rooms.test.ts)',
};
const seen = new Set<ServerEventType>();

/** `verifyAction`, recording which event types the cases covered. */
async function verifyAction(...args: [TestServer, TestUser, () => Promise<unknown>, VerifyActionOptions]) {
  for (const event of await verify(...args)) seen.add(event.type);
}

const t = useTestServer();
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
  bob = await createUser(t, 'bob');
  carol = await createUser(t, 'carol');
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

describe('message operations', () => {
  const text = { 'content-type': 'text/plain' };
  const reply = (user: TestUser, mid: number, body: string) =>
    ok(t.request('POST', `/message/${mid}/reply`, { token: user.token, body, headers: text }));
  const edit = (user: TestUser, mid: number, body: string) =>
    ok(t.request('PUT', `/message/${mid}/edit`, { token: user.token, body, headers: text }));
  const like = (user: TestUser, mid: number, action: string) =>
    ok(t.request('PUT', `/message/${mid}/like`, { token: user.token, json: { action } }));
  const say = async (user: TestUser, to: { gid: number } | { uid: number }, body: string) =>
    (await sendText(t, user, to, body)).json as number;

  it('replying in a channel and in a DM, also to a reply', async () => {
    const gid = await createChannel(t, alice, { name: 'replies', is_public: false, members: [bob.uid] });
    const question = await say(alice, { gid }, 'question');
    const dm = await say(alice, { uid: bob.uid }, 'dm question');
    await verifyAction(
      t,
      bob,
      async () => {
        await reply(alice, question, 'answer');
        await reply(bob, dm, 'dm answer');
      },
      { peer: carol, events: ['chat', 'chat'] },
    );
  });

  it('editing a message twice, and a reply', async () => {
    const gid = await createChannel(t, alice, { name: 'edits', is_public: false, members: [bob.uid] });
    const mid = await say(alice, { gid }, 'frist');
    const answer = (
      await t.request('POST', `/message/${mid}/reply`, {
        token: bob.token,
        body: 'typo',
        headers: text,
      })
    ).json as number;
    await verifyAction(
      t,
      bob,
      async () => {
        await edit(alice, mid, 'first');
        await edit(alice, mid, 'first!');
        await edit(bob, answer, 'no typo');
      },
      { peer: carol, events: ['chat', 'chat', 'chat'] },
    );
  });

  it('liking, liking again (the client’s un-like) and another emoji', async () => {
    const gid = await createChannel(t, alice, { name: 'likes', is_public: false, members: [bob.uid] });
    const mid = await say(alice, { gid }, 'like me');
    await verifyAction(
      t,
      alice,
      async () => {
        await like(bob, mid, '👍');
        await like(bob, mid, '👍');
        await like(alice, mid, '🚀');
      },
      { peer: carol, events: ['chat', 'chat', 'chat'] },
    );
  });

  it('deleting one message, then several at once, an edited and a replied-to one among them', async () => {
    const gid = await createChannel(t, alice, { name: 'deletes', is_public: false, members: [bob.uid] });
    const [one, two, three] = [
      await say(alice, { gid }, 'one'),
      await say(alice, { gid }, 'two'),
      await say(bob, { uid: alice.uid }, 'three'),
    ];
    await edit(alice, two, 'two, edited');
    await reply(bob, two, 'about two');
    await verifyAction(t, bob, () => ok(t.request('DELETE', `/message/${one}`, { token: alice.token })), {
      peer: carol,
      events: ['chat'],
    });
    await verifyAction(
      t,
      bob,
      async () => {
        await ok(t.request('DELETE', `/message/bulk/${three}`, { token: bob.token }));
        await ok(t.request('DELETE', `/message/bulk/${two}`, { token: alice.token }));
      },
      { peer: carol, events: ['chat', 'chat'] },
    );
  });

  it('pinning, editing and deleting the pinned message, unpinning another', async () => {
    const gid = await createChannel(t, alice, { name: 'pins', is_public: false, members: [bob.uid] });
    const [first, second] = [await say(bob, { gid }, 'pin me'), await say(bob, { gid }, 'me too')];
    const pin = (mid: number) =>
      ok(t.request('POST', `/group/${gid}/pin`, { token: alice.token, json: { mid } }));
    await verifyAction(
      t,
      bob,
      async () => {
        await pin(first);
        await pin(second);
      },
      { peer: carol, events: ['pinned_message_updated', 'pinned_message_updated'] },
    );
    await verifyAction(
      t,
      bob,
      async () => {
        await edit(bob, first, 'pinned, edited');
        await ok(t.request('POST', `/group/${gid}/unpin`, { token: alice.token, json: { mid: second } }));
        await ok(t.request('DELETE', `/message/${first}`, { token: bob.token }));
      },
      {
        peer: carol,
        events: [
          'chat',
          'pinned_message_updated',
          'pinned_message_updated',
          'chat',
          'pinned_message_updated',
        ],
      },
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

describe('settings and configuration', () => {
  it('reading on another device', async () => {
    const gid = await createChannel(t, alice, { name: 'reads', is_public: false, members: [bob.uid] });
    const mid = (await sendText(t, alice, { gid }, 'read me')).json as number;
    const phone = await login(t, bob.email, bob.password);
    await verifyAction(
      t,
      bob,
      () =>
        ok(t.request('POST', '/user/read-index', { token: phone.token, json: { groups: [{ gid, mid }] } })),
      { peer: carol, events: ['user_settings_changed'] },
    );
  });

  it('muting, pinning and auto-deleting on another device', async () => {
    const gid = await createChannel(t, alice, { name: 'quiet', is_public: false, members: [bob.uid] });
    const phone = await login(t, bob.email, bob.password);
    const post = (path: string, json: unknown) => () =>
      ok(t.request('POST', path, { token: phone.token, json }));
    const opts = { peer: carol, events: ['user_settings_changed' as const] };
    await verifyAction(t, bob, post('/user/mute', { add_groups: [{ gid, expired_in: 3600 }] }), opts);
    await verifyAction(t, bob, post('/user/mute', { add_users: [{ uid: alice.uid }] }), opts);
    await verifyAction(t, bob, post('/user/mute', { remove_users: [alice.uid] }), opts);
    await verifyAction(t, bob, post('/user/pin_chat', { target: { gid } }), opts);
    await verifyAction(t, bob, post('/user/pin_chat', { target: { uid: alice.uid } }), opts);
    await verifyAction(t, bob, post('/user/unpin_chat', { target: { gid } }), opts);
    await verifyAction(
      t,
      bob,
      post('/user/burn-after-reading', { groups: [{ gid, expires_in: 600 }] }),
      opts,
    );
    await verifyAction(t, bob, post('/user/burn-after-reading', { groups: [{ gid, expires_in: 0 }] }), opts);
  });

  it('changing the client preferences on another device', async () => {
    const phone = await login(t, bob.email, bob.password);
    await verifyAction(
      t,
      bob,
      () =>
        ok(
          t.request('PUT', '/user/preferences', {
            token: phone.token,
            json: { theme: 'dark', language: 'fr' },
          }),
        ),
      { peer: carol, events: ['user_preferences_changed'] },
    );
  });

  it('adding, blocking and removing a contact on another device', async () => {
    const phone = await login(t, bob.email, bob.password);
    const contact = (action: string) => () =>
      ok(
        t.request('POST', '/user/update_contact_status', {
          token: phone.token,
          json: { action, target_uid: alice.uid },
        }),
      );
    const opts = { peer: carol, events: ['user_settings_changed' as const] };
    await verifyAction(t, bob, contact('add'), opts);
    await verifyAction(t, bob, contact('block'), opts);
    await verifyAction(t, bob, contact('unblock'), opts);
  });

  it('renaming the organization', async () => {
    await verifyAction(
      t,
      bob,
      () =>
        ok(
          t.request('PUT', '/admin/system/organization', {
            token: admin.token,
            json: { name: 'Renamed', description: 'now with a description' },
          }),
        ),
      { peer: carol, events: ['server_config_changed'] },
    );
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

describe('administration', () => {
  // Last: it clears every message of the server.
  it('clearing every message, after messages in a channel and a DM', async () => {
    const gid = await createChannel(t, alice, { name: 'to clear', is_public: false, members: [bob.uid] });
    await ok(sendText(t, alice, { gid }, 'soon gone'));
    await ok(sendText(t, alice, { uid: bob.uid }, 'also gone'));
    await verifyAction(
      t,
      bob,
      () => ok(t.request('DELETE', '/admin/system/message/clear', { token: admin.token })),
      {
        peer: carol,
        events: ['message_cleared'],
      },
    );
  });
});

it('covered every event type it lists as live', () => {
  const live = Object.entries(COVERAGE).filter(([, how]) => how === 'live');
  expect(live.map(([type]) => type).filter((type) => !seen.has(type as ServerEventType))).toEqual([]);
});
