/**
 * What only exists with several nodes: three scaled-mode nodes on one PostgreSQL and one Redis,
 * each reached directly, so a test decides who is connected where. Messages, presence, the
 * one-stream-per-device rule and the recovery of records whose publisher died all cross nodes.
 */
import type { ServerEvent } from '@parley/protocol';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { redisKeys } from '../../src/realtime/redis.js';
import { RedisBus, type RedisBusOptions } from '../../src/realtime/redis-bus.js';
import { NODE_EXPIRY_MS, RedisPresence } from '../../src/realtime/redis-presence.js';
import {
  apiClient,
  createAdmin,
  createOtherAdmin,
  createChannel,
  createUser,
  login,
  sendText,
  useTestServer,
  type TestUser,
} from '../support/server.js';
import { chats, streamsClosedAfterEach } from '../support/sse.js';
import { until } from '../support/until.js';

const { open } = streamsClosedAfterEach();

/**
 * One deployment for these tests: each makes its own administrator (promoted by the first, for
 * public channels), users and channels, and reads only the records and users it made.
 */
describe('across nodes', () => {
  const t = useTestServer();
  const node = (i: number) => t.nodeUrls[i]!;
  let first: TestUser;
  beforeAll(async () => {
    expect(t.nodeUrls).toHaveLength(3);
    first = await createAdmin(t);
  });
  it('delivers channel messages and DMs live to users on other nodes', async () => {
    const admin = await createOtherAdmin(t, first);
    const alice = await createUser(t, 'alice');
    const bob = await createUser(t, 'bob');
    const gid = await createChannel(t, alice, { name: 'team', is_public: false, members: [bob.uid] });
    const [sa, sb, sadmin] = [
      await open(node(0), alice.token),
      await open(node(1), bob.token),
      await open(node(2), admin.token),
    ];
    await Promise.all([sa.ready(), sb.ready(), sadmin.ready()]);

    const inChannel = (await sendText(apiClient(node(2)), alice, { gid }, 'posted on node 2')).json as number;
    const dm = (await sendText(apiClient(node(0)), bob, { uid: alice.uid }, 'dm via node 0')).json as number;
    for (const s of [sa, sb]) await s.waitFor((e) => e.type === 'chat' && e.mid === inChannel);
    await sa.waitFor((e) => e.type === 'chat' && e.mid === dm);
    await sb.waitFor((e) => e.type === 'chat' && e.mid === dm);
    // Authorization holds on every node: the admin is no member and no party to the DM.
    await sendText(apiClient(node(1)), admin, { uid: alice.uid }, 'marker');
    await sadmin.waitFor(
      (e) => e.type === 'chat' && e.detail.type === 'normal' && e.detail.content === 'marker',
    );
    expect(chats(sadmin.events).map((e) => e.mid)).not.toContain(inChannel);
    expect(chats(sadmin.events).map((e) => e.mid)).not.toContain(dm);
  });

  it('keeps chat records in mid order on every node while all three take sends at once', async () => {
    const admin = await createOtherAdmin(t, first);
    const readers = [admin, await createUser(t, 'alice'), await createUser(t, 'bob')];
    const gid = await createChannel(t, admin, { name: 'busy', is_public: true });
    const streams = await Promise.all(readers.map((u, i) => open(node(i), u.token)));
    await Promise.all(streams.map((s) => s.ready()));
    const sent = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        sendText(apiClient(node(i % 3)), readers[i % 3]!, { gid }, `#${i}`),
      ),
    );
    const mids = sent.map((r) => r.json as number).sort((a, b) => a - b);
    for (const s of streams) {
      await s.waitFor((e) => e.type === 'chat' && e.mid === mids.at(-1));
      // A new user's backlog holds the other tests' public channels too: this channel's records.
      const inChannel = chats(s.events).filter((e) => 'gid' in e.target && e.target.gid === gid);
      expect(inChannel.map((e) => e.mid)).toEqual(mids);
    }
  });

  it('keeps users_log rows in version order on every node while profiles change on all three', async () => {
    const admin = await createOtherAdmin(t, first);
    const users = [admin, await createUser(t, 'alice'), await createUser(t, 'bob')];
    const streams = await Promise.all(users.map((u, i) => open(node(i), u.token)));
    await Promise.all(streams.map((s) => s.ready()));
    const renames = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        apiClient(node(i % 3)).request('PUT', '/user', {
          token: users[i % 3]!.token,
          json: { name: `name-${i % 3}-${i}` },
        }),
      ),
    );
    expect(renames.map((r) => r.status)).toEqual(renames.map(() => 200));
    const versions = (s: (typeof streams)[number]) =>
      s.events.flatMap((e) => (e.type === 'users_log' ? e.logs.map((l) => l.log_id) : []));
    for (const s of streams) {
      await s.waitFor(() => versions(s).length >= 30);
      const seen = versions(s);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
  });

  it('closes the first stream of a device when the same device connects on another node', async () => {
    const alice = await createUser(t, 'alice');
    const first = await open(node(0), alice.token);
    await first.ready();
    const again = await open(node(2), alice.token);
    await again.ready();
    await first.waitFor((e) => e.type === 'kick' && e.reason === 'login_from_other_device');
    await first.ended;
    // The new stream stays and still gets messages.
    const mid = (await sendText(apiClient(node(1)), alice, { uid: alice.uid }, 'still here')).json as number;
    await again.waitFor((e) => e.type === 'chat' && e.mid === mid);
  });

  it('delivers a record whose node died between commit and publish, before the next one', async () => {
    const admin = await createOtherAdmin(t, first);
    const gid = await createChannel(t, admin, { name: 'general', is_public: true });
    const streams = [
      await open(node(0), admin.token),
      await open(node(1), (await login(t, admin.email, admin.password)).token),
    ];
    await Promise.all(streams.map((s) => s.ready()));
    // Committed, never published: what a node killed right after its commit leaves behind.
    const orphan = await t.db.store.messages.insert({
      from_uid: admin.uid,
      created_at: Date.now(),
      target: { gid },
      detail: {
        type: 'normal',
        properties: null,
        content_type: 'text/plain',
        content: 'orphan',
        expires_in: null,
      },
    });
    const next = (await sendText(apiClient(node(2)), admin, { gid }, 'next')).json as number;
    for (const s of streams) {
      await s.waitFor((e) => e.type === 'chat' && e.mid === next);
      expect(
        chats(s.events)
          .map((e) => e.mid)
          .slice(-2),
      ).toEqual([orphan.mid, next]);
    }
  });

  it('announces users of a node that stopped beating as offline', async () => {
    const admin = await createOtherAdmin(t, first);
    const alice = await createUser(t, 'alice');
    const watcher = await open(node(0), admin.token);
    await watcher.ready();
    const { server_id } = (await t.request('GET', '/admin/system/organization')).json as {
      server_id: string;
    };
    // A node that counted alice's stream and then died: its heartbeat is older than the expiry.
    const redis = new Redis(inject('redisUrl'), { lazyConnect: true });
    await redis.connect();
    try {
      const keys = redisKeys(server_id);
      const ghost = new RedisPresence(redis, keys, 'ghost-node', t.server.ctx.log);
      expect(await ghost.connect(alice.uid)).toBe(1);
      await redis.zadd(keys.nodes, Date.now() - NODE_EXPIRY_MS - 1_000, 'ghost-node');
      expect(await ghost.isOnline(alice.uid)).toBe(true);
      // The live nodes reap it on their next beat (every 5 s).
      await watcher.waitFor(
        (e) => e.type === 'users_state_changed' && e.uid === alice.uid && e.online === false,
        12_000,
      );
      expect(await ghost.isOnline(alice.uid)).toBe(false);
      expect(await redis.exists(keys.node('ghost-node'))).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('gives a device its own change made on another node during its sync, however late the bus brings it', async () => {
    // `user_settings_changed` skips the device that made the change, unless its stream is still
    // syncing (stream.test.ts). The change below is committed on node 1 while node 0 reads the new
    // stream's backlog, and node 0 reads it off the bus only later: CI saw it arrive after
    // `ready` on a loaded machine, when the device no longer got it and kept the snapshot's pins.
    const owner = await createOtherAdmin(t, first);
    const gid = await createChannel(t, owner, { name: 'late pin', is_public: true });
    const { server_id } = (await t.request('GET', '/admin/system/organization')).json as {
      server_id: string;
    };
    const subscription = subscriptionOf(t.nodes[0]!.ctx.bus);
    const watcher = new Redis(inject('redisUrl'), { lazyConnect: true });
    await watcher.connect();
    const messages = t.db.store.messages;
    const read = messages.recentForUser.bind(messages);
    const original = messages.recentForUser;
    onTestFinished(() => {
      messages.recentForUser = original;
      subscription.resume();
      watcher.disconnect();
    });
    // Node 0 reads the bus again once the stream is ready, or once node 0 publishes anything of
    // its own: whatever it waits for before `ready` can then arrive.
    const resumed = new Promise<void>((resolve) => {
      watcher.on('message', (_channel: string, message: string) => {
        if (!message.startsWith('{')) resolve();
      });
    });
    await watcher.subscribe(redisKeys(server_id).events);
    let pinned = false;
    messages.recentForUser = async (...args) => {
      if (!pinned) {
        pinned = true;
        subscription.pause();
        const res = await apiClient(node(1)).request('POST', '/user/pin_chat', {
          token: owner.token,
          json: { target: { gid } },
        });
        expect(res.status).toBe(200);
      }
      return read(...args);
    };
    const s = await open(node(0), owner.token);
    void Promise.race([resumed, s.ready()]).then(() => subscription.resume());
    await s.ready();
    expect(pinned).toBe(true);
    const change = await s.waitFor((e) => e.type === 'user_settings_changed');
    expect(s.events.indexOf(change)).toBeGreaterThan(s.events.findIndex((e) => e.type === 'ready'));
    expect(change.type === 'user_settings_changed' && change.add_pin_chats?.map((p) => p.target)).toEqual([
      { gid },
    ]);
  });

  it('drops an envelope whose event is not a ServerEvent, and delivers the next', async () => {
    const admin = await createOtherAdmin(t, first);
    const s = await open(node(1), admin.token);
    await s.ready();
    const { server_id } = (await t.request('GET', '/admin/system/organization')).json as {
      server_id: string;
    };
    const redis = new Redis(inject('redisUrl'), { lazyConnect: true });
    await redis.connect();
    try {
      const channel = redisKeys(server_id).events;
      const header = JSON.stringify({ audience: { kind: 'all' } });
      // A uid no user has: the other tests' users come and go on this deployment.
      const uid = 2_000_000_000;
      await redis.publish(channel, `${header}\n{"type":"users_state_changed","uid":"${uid}","online":true}`);
      await redis.publish(channel, `${header}\n{"type":"users_state_changed","uid":${uid},"online":true}`);
      // The test stream fails on a bad frame, so arriving here means the first one never left the node.
      await s.waitFor((e) => e.type === 'users_state_changed' && e.uid === uid);
      // Either frame, the one with the uid as a string included.
      expect(
        s.events.filter((e) => e.type === 'users_state_changed' && String(e.uid) === String(uid)),
      ).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });
});

/**
 * Who is online covers every user a reader may see: a deployment of its own, so no earlier test's
 * user is among them.
 */
describe('presence across nodes', () => {
  const t = useTestServer({ fresh: true });
  const node = (i: number) => t.nodeUrls[i]!;

  it('shows a user online while any node holds a stream of theirs', async () => {
    const admin = await createAdmin(t);
    const alice = await createUser(t, 'alice');
    const watcher = await open(node(0), admin.token);
    await watcher.ready();
    const online = (value: boolean) => (e: ServerEvent) =>
      e.type === 'users_state_changed' && e.uid === alice.uid && e.online === value;

    const phone = await open(node(1), alice.token);
    await phone.ready();
    await watcher.waitFor(online(true));
    const laptop = await login(t, alice.email, alice.password);
    const second = await open(node(2), laptop.token);
    await second.ready();
    phone.close();
    // Still online through node 2. Once node 1 has taken its count out of Redis, an "offline" it
    // wrongly announced is on the bus, ahead of anything node 1 publishes next: a barrier.
    const redis = new Redis(inject('redisUrl'));
    try {
      const { node: nodeKey } = redisKeys(t.server.ctx.serverId);
      const node1 = nodeKey((t.nodes[1]!.ctx.presence as RedisPresence).nodeId);
      await until(async () => !(await redis.hexists(node1, String(alice.uid))), 'node 1 counts the close');
    } finally {
      redis.disconnect();
    }
    const barrier = await sendText(apiClient(node(1)), admin, { uid: admin.uid }, 'barrier');
    await watcher.waitFor((e) => e.type === 'chat' && e.mid === barrier.json);
    expect(watcher.events.some(online(false))).toBe(false);
    // A new stream on yet another node sees alice online in its initial users_state.
    const late = await open(node(1), (await login(t, admin.email, admin.password)).token);
    await late.ready();
    expect(late.events.find((e) => e.type === 'users_state')).toMatchObject({
      users: [{ uid: alice.uid, online: true }],
    });
    second.close();
    await watcher.waitFor(online(false));
  });
});

/**
 * The socket on which a node's Redis bus receives events: pausing it holds back everything the
 * other nodes publish, as a slow or loaded node would, without touching the shared Redis.
 */
function subscriptionOf(bus: unknown): { pause(): void; resume(): void } {
  expect(bus).toBeInstanceOf(RedisBus);
  return (bus as { o: RedisBusOptions }).o.sub.stream;
}
