/**
 * Data management (API.md §3): clearing every message. Every client gets `message_cleared` with
 * the highest deleted mid; history, pins and search are empty afterwards; mids are not reused.
 */
import type { ChatMessage } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createChannel,
  createUser,
  sendText,
  type TestUser,
  useTestServer,
} from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

const t = useTestServer();
const streams = streamsClosedAfterEach();
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
  bob = await createUser(t, 'bob');
});

const clear = (token: string) => t.request('DELETE', '/admin/system/message/clear', { token });

describe('DELETE /admin/system/message/clear', () => {
  it('is for administrators only, and changes nothing otherwise', async () => {
    const mid = (await sendText(t, alice, { uid: bob.uid }, 'kept')).json as number;
    expect((await clear(alice.token)).status).toBe(403);
    expect((await t.request('DELETE', '/admin/system/message/clear')).status).toBe(401);
    const history = await t.request('GET', `/user/${bob.uid}/history`, { token: alice.token });
    expect((history.json as ChatMessage[]).map((m) => m.mid)).toContain(mid);
  });

  it('deletes every message, tells every client, and new messages carry higher mids', async () => {
    const gid = await createChannel(t, alice, { name: 'busy', is_public: false, members: [bob.uid] });
    await sendText(t, alice, { gid }, 'findable words');
    const pinned = (await sendText(t, bob, { gid }, 'pinned one')).json as number;
    expect(
      (await t.request('POST', `/group/${gid}/pin`, { token: alice.token, json: { mid: pinned } })).status,
    ).toBe(200);
    const last = (await sendText(t, alice, { uid: bob.uid }, 'last before clearing')).json as number;
    const [sa, sb] = await Promise.all([streams.ready(t.url, alice.token), streams.ready(t.url, bob.token)]);

    expect((await clear(admin.token)).status).toBe(200);
    for (const s of [sa, sb]) {
      const event = await s.waitFor((e) => e.type === 'message_cleared');
      expect(event).toEqual({ type: 'message_cleared', latest_deleted_mid: last });
    }
    const history = await t.request('GET', `/group/${gid}/history`, { token: bob.token });
    expect(history.json).toEqual([]);
    expect((await t.request('GET', `/user/${bob.uid}/history`, { token: alice.token })).json).toEqual([]);
    const group = await t.request('GET', `/group/${gid}`, { token: alice.token });
    expect(group.json).toMatchObject({ pinned_messages: [] });
    // A fresh stream has nothing to replay.
    const fresh = await streams.ready(t.url, bob.token);
    expect(fresh.events.filter((e) => e.type === 'chat')).toEqual([]);

    const next = (await sendText(t, alice, { gid }, 'after clearing')).json as number;
    expect(next).toBeGreaterThan(last);
    // Nothing left: clearing again is a 200 without an event.
    expect((await clear(admin.token)).status).toBe(200);
    expect((await clear(admin.token)).status).toBe(200);
  });
});
