import { LIMITS } from '@parley/protocol';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  createAdmin,
  createChannel,
  createOtherAdmin,
  createUser,
  login,
  sendText,
  useTestServer,
  type TestUser,
} from './support/server.js';
import { chats, streamsClosedAfterEach } from './support/sse.js';

const { open } = streamsClosedAfterEach();

/**
 * One server for these tests (in `cluster` a server is a database, three nodes and nginx): each
 * test makes its own users and channels, so what a stream sends depends only on them. The
 * deployment's administrator exists from the start, as on a server in use.
 */
describe('event stream', () => {
  const t = useTestServer();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createAdmin(t);
  });
  const createOwner = () => createOtherAdmin(t, admin);

  it('sends the initial sequence in the contract order', async () => {
    const owner = await createOwner();
    const gid = await createChannel(t, owner, { name: 'general', is_public: true });
    const hello = (await sendText(t, owner, { gid }, 'hello', 1)).json as number;
    const s = await open(t.url, owner.token);
    await s.ready();
    // What follows `ready` (a heartbeat from the keep-alive sweep, read in the same chunk) is not
    // part of the initial sequence: CI33 failed once on it.
    const initial = s.events.slice(0, s.events.findIndex((e) => e.type === 'ready') + 1);
    expect(chats(initial).map((e) => e.mid)).toContain(hello);
    // One `chat` per record of the backlog: the public channels of other tests on this server
    // are in it too, so runs of one type count once.
    const types = initial.map((e) => e.type).filter((type, i, all) => type !== all[i - 1]);
    expect(types).toEqual([
      'users_snapshot',
      'users_state',
      'related_groups',
      'user_settings',
      'chat',
      'ready',
    ]);
    const [snapshot] = s.events;
    expect(snapshot).toMatchObject({ type: 'users_snapshot', version: expect.any(Number) });
  });

  it('rejects a missing or forged api-key with 401', async () => {
    expect((await open(t.url, '')).status).toBe(401);
    expect((await open(t.url, 'forged.token.value')).status).toBe(401);
  });

  it('delivers live messages to every member and to nobody else', async () => {
    const owner = await createOwner();
    const alice = await createUser(t, 'alice');
    const bob = await createUser(t, 'bob');
    const gid = await createChannel(t, alice, { name: 'secret', is_public: false, members: [owner.uid] });
    const [sa, sb, sc] = await Promise.all([
      open(t.url, owner.token),
      open(t.url, alice.token),
      open(t.url, bob.token),
    ]);
    await Promise.all([sa.ready(), sb.ready(), sc.ready()]);
    const res = await sendText(t, alice, { gid }, 'for members only', 42);
    expect(res.status).toBe(200);
    const mid = res.json as number;
    for (const s of [sa, sb]) {
      const e = await s.waitFor((e) => e.type === 'chat' && e.mid === mid);
      expect(e).toMatchObject({
        from_uid: alice.uid,
        target: { gid },
        detail: { content: 'for members only', properties: { local_id: 42 } },
      });
    }
    // bob sees a later DM but never the private channel's message
    const dm = await sendText(t, alice, { uid: bob.uid }, 'hi bob');
    await sc.waitFor((e) => e.type === 'chat' && e.mid === (dm.json as number));
    expect(chats(sc.events).some((e) => e.mid === mid)).toBe(false);
  });

  it('resumes with after_mid: every missed record exactly once, in order', async () => {
    const owner = await createOwner();
    const alice = await createUser(t, 'alice');
    const gid = await createChannel(t, owner, { name: 'general', is_public: true });
    const first = await open(t.url, alice.token);
    await first.ready();
    const before = await sendText(t, owner, { gid }, 'seen live');
    await first.waitFor((e) => e.type === 'chat' && e.mid === before.json);
    first.close();

    const missed: number[] = [];
    for (let i = 0; i < 5; i++)
      missed.push((await sendText(t, owner, { gid }, `missed ${i}`)).json as number);
    missed.push((await sendText(t, owner, { uid: alice.uid }, 'missed dm')).json as number);

    const again = await open(t.url, alice.token, { after_mid: before.json as number, users_version: 1 });
    await again.ready();
    expect(chats(again.events).map((e) => e.mid)).toEqual(missed);
  });

  it('loses nothing and duplicates nothing for records committed while the stream opens', async () => {
    const owner = await createOwner();
    const alice = await createUser(t, 'alice');
    const gid = await createChannel(t, owner, { name: 'general', is_public: true });
    const base = (await sendText(t, owner, { gid }, 'base')).json as number;
    const send = async (text: string) => (await sendText(t, owner, { gid }, text)).json as number;

    // The race, placed rather than hoped for: the stream joins the hub, then reads its backlog.
    // Records committed just before that read reach it twice (backlog and live queue); records
    // committed just after it reach it only through the live queue. The first node's real store
    // commits both kinds at exactly those points.
    const beforeRead: number[] = [];
    const afterRead: number[] = [];
    const messages = t.db.store.messages;
    const read = messages.listForUser.bind(messages);
    const original = messages.listForUser;
    // The server outlives this test: the next one reads through the store's own method.
    onTestFinished(() => {
      messages.listForUser = original;
    });
    messages.listForUser = async (...args) => {
      const first = beforeRead.length === 0;
      if (first) for (let i = 0; i < 3; i++) beforeRead.push(await send(`before read ${i}`));
      const rows = await read(...args);
      if (first) for (let i = 0; i < 3; i++) afterRead.push(await send(`after read ${i}`));
      return rows;
    };
    const s = await open(t.nodeUrls[0]!, alice.token, { after_mid: base });
    await s.ready();
    const live = await send('after ready');
    await s.waitFor((e) => e.type === 'chat' && e.mid === live);

    expect(beforeRead).toHaveLength(3);
    const mids = (events: typeof s.events) => chats(events).map((e) => e.mid);
    const ready = s.events.findIndex((e) => e.type === 'ready');
    expect(mids(s.events.slice(0, ready))).toEqual(beforeRead);
    expect(mids(s.events.slice(ready))).toEqual([...afterRead, live]);
  });

  it('gives a new device the recent messages of every conversation, quiet ones included', async () => {
    const owner = await createOwner();
    const busy = await createChannel(t, owner, { name: 'busy', is_public: true });
    const quiet = [];
    for (let i = 0; i < 3; i++) {
      const gid = await createChannel(t, owner, { name: `quiet${i}`, is_public: true });
      await sendText(t, owner, { gid }, `only message in quiet${i}`);
      quiet.push(gid);
    }
    // Past the per-conversation backlog, sent ten at a time (120 one by one took most of 20 s
    // through the balancer on a loaded machine).
    const busyCount = LIMITS.streamBacklogPerConversation + 20;
    for (let i = 0; i < busyCount; i += 10)
      await Promise.all(
        Array.from({ length: Math.min(10, busyCount - i) }, (_, j) =>
          sendText(t, owner, { gid: busy }, `busy ${i + j}`),
        ),
      );
    const other = await login(t, owner.email, owner.password);
    const s = await open(t.url, other.token);
    await s.ready();
    const received = chats(s.events);
    for (const gid of quiet)
      expect(received.filter((e) => 'gid' in e.target && e.target.gid === gid)).toHaveLength(1);
    const busyReceived = received.filter((e) => 'gid' in e.target && e.target.gid === busy).length;
    expect(busyReceived).toBe(LIMITS.streamBacklogPerConversation);
    const mids = received.map((e) => e.mid);
    expect([...mids].sort((a, b) => a - b)).toEqual(mids);
  });

  it("gives a device its own settings change made after its stream's snapshot, before ready", async () => {
    // `user_settings_changed` skips the device that made the change: it applied the change itself.
    // But a client that changes a setting while its stream is still syncing then receives a
    // `user_settings` snapshot taken before the change, which replaces what it applied (the web
    // client's pin box unchecked itself in e2e 07-conversations). The change must follow it.
    const owner = await createOwner();
    const gid = await createChannel(t, owner, { name: 'pinned', is_public: true });
    const messages = t.db.store.messages;
    const read = messages.recentForUser.bind(messages);
    const original = messages.recentForUser;
    onTestFinished(() => {
      messages.recentForUser = original;
    });
    let pinned = false;
    // The race, placed: the snapshot has been sent, the new device's backlog not yet read.
    messages.recentForUser = async (...args) => {
      if (!pinned) {
        pinned = true;
        const res = await t.request('POST', '/user/pin_chat', {
          token: owner.token,
          json: { target: { gid } },
        });
        expect(res.status).toBe(200);
      }
      return read(...args);
    };
    const s = await open(t.nodeUrls[0]!, owner.token);
    await s.ready();
    expect(pinned).toBe(true);
    const ready = s.events.findIndex((e) => e.type === 'ready');
    const snapshot = s.events.find((e) => e.type === 'user_settings');
    expect(snapshot?.type === 'user_settings' && snapshot.pinned_chats).toEqual([]);
    const change = await s.waitFor((e) => e.type === 'user_settings_changed');
    expect(s.events.indexOf(change)).toBeGreaterThan(ready);
    expect(change.type === 'user_settings_changed' && change.add_pin_chats?.map((p) => p.target)).toEqual([
      { gid },
    ]);

    // Once live, the device's own changes skip it again.
    const unpin = await t.request('POST', '/user/unpin_chat', {
      token: owner.token,
      json: { target: { gid } },
    });
    expect(unpin.status).toBe(200);
    const other = await login(t, owner.email, owner.password, 'other-device');
    const otherStream = await open(t.url, other.token);
    await otherStream.ready();
    await t.request('POST', '/user/pin_chat', { token: other.token, json: { target: { gid } } });
    const fromOther = await s.waitFor(
      (e) => e.type === 'user_settings_changed' && (e.add_pin_chats?.length ?? 0) > 0 && e !== change,
    );
    const changes = s.events.filter((e) => e.type === 'user_settings_changed');
    expect(changes).toEqual([change, fromOther]);
  });

  it('keeps one stream per device: a second stream kicks the first, not itself', async () => {
    const owner = await createOwner();
    const first = await open(t.url, owner.token);
    await first.ready();
    const second = await open(t.url, owner.token);
    await second.ready();
    await first.waitFor((e) => e.type === 'kick' && e.reason === 'login_from_other_device');
    await first.ended;
    expect(second.events.some((e) => e.type === 'kick')).toBe(false);
  });

  it('kicks the device on logout and then refuses its token', async () => {
    const owner = await createOwner();
    const s = await open(t.url, owner.token);
    await s.ready();
    expect((await t.request('GET', '/token/logout', { token: owner.token })).status).toBe(200);
    await s.waitFor((e) => e.type === 'kick' && e.reason === 'logout');
    await s.ended;
    expect((await t.request('GET', '/user/me', { token: owner.token })).status).toBe(401);
    expect((await open(t.url, owner.token)).status).toBe(401);
  });

  it('kicks every device when the account is deleted', async () => {
    const alice = await createUser(t, 'alice');
    const s = await open(t.url, alice.token);
    await s.ready();
    expect((await t.request('DELETE', '/user/delete', { token: alice.token })).status).toBe(200);
    await s.waitFor((e) => e.type === 'kick' && e.reason === 'delete_user');
    await s.ended;
  });

  it('outlives the token that opened it', async () => {
    const owner = await createOwner();
    const s = await open(t.url, owner.token);
    await s.ready();
    const renewed = await t.request('POST', '/token/renew', {
      json: { token: owner.token, refresh_token: owner.refreshToken },
    });
    expect(renewed.status).toBe(200);
    const gid = await createChannel(t, owner, { name: 'after-renew', is_public: true });
    await s.waitFor((e) => e.type === 'joined_group' && e.group.gid === gid);
  });
});

/**
 * What a stream says about other users (who is online, which accounts changed) covers everyone the
 * reader may see: a server of their own per test, so no earlier test's user is in it.
 */
describe('event stream: other users', () => {
  const t = useTestServer({ fresh: true });

  it('announces presence to others when the first stream opens and the last closes', async () => {
    const admin = await createAdmin(t);
    const alice = await createUser(t, 'alice');
    const watcher = await open(t.url, admin.token);
    await watcher.ready();
    const sa = await open(t.url, alice.token);
    await sa.ready();
    await watcher.waitFor((e) => e.type === 'users_state_changed' && e.uid === alice.uid && e.online);
    expect(sa.events.find((e) => e.type === 'users_state')).toMatchObject({
      users: [{ uid: admin.uid, online: true }],
    });
    sa.close();
    await watcher.waitFor((e) => e.type === 'users_state_changed' && e.uid === alice.uid && !e.online);
  });

  it('sends users_log instead of a snapshot when users_version is given', async () => {
    const admin = await createAdmin(t);
    const s1 = await open(t.url, admin.token);
    await s1.ready();
    const snapshot = s1.events[0] as { type: 'users_snapshot'; version: number };
    s1.close();
    const alice = await createUser(t, 'alice');
    const s2 = await open(t.url, admin.token, { users_version: snapshot.version });
    await s2.ready();
    expect(s2.events[0]).toMatchObject({
      type: 'users_log',
      logs: [{ action: 'create', uid: alice.uid, name: 'alice' }],
    });
  });
});
