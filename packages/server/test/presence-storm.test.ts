/**
 * A reconnect storm: every client's stream drops and resumes with `after_mid` at once. Each stream
 * must get exactly the records it missed, and presence must be coalesced: a user who is back
 * within `PRESENCE_GRACE_MS` was never announced offline, so nothing is announced at all (before:
 * an offline and an online event per user, each written to every open stream, O(N²) frames).
 * In the cluster project each user's streams stay on one node, and the watcher reads another.
 */
import type { ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  createChannel,
  createUser,
  sendText,
  useTestServer,
  type TestUser,
} from './support/server.js';
import { chats, streamsClosedAfterEach } from './support/sse.js';
import { until } from './support/until.js';

const USERS = 8;

const presenceOf = (events: readonly ServerEvent[], uids: ReadonlySet<number>) =>
  events.filter((e) => e.type === 'users_state_changed' && uids.has(e.uid));

const sendMid = async (t: Parameters<typeof sendText>[0], user: TestUser, gid: number, text: string) => {
  const res = await sendText(t, user, { gid }, text);
  expect(res.status).toBe(200);
  return res.json as number;
};

describe('reconnect storm', () => {
  const t = useTestServer({ fresh: true, env: { PRESENCE_GRACE_MS: '60000' } });
  const { open } = streamsClosedAfterEach();

  it('resumes every stream with nothing missed and announces no presence change', async () => {
    const admin = await createAdmin(t);
    const gid = await createChannel(t, admin, { name: 'storm', is_public: true });
    const users = await Promise.all(Array.from({ length: USERS }, (_, i) => createUser(t, `storm${i}`)));
    const uids = new Set(users.map((u) => u.uid));
    const nodeOf = (i: number) => t.nodeUrls[i % t.nodeUrls.length]!;
    const watcher = await open(t.nodeUrls[t.nodeUrls.length - 1]!, admin.token);
    await watcher.ready();

    const first = await Promise.all(users.map((u, i) => open(nodeOf(i), u.token)));
    await Promise.all(first.map((s) => s.ready()));
    for (const u of users) {
      await watcher.waitFor((e) => e.type === 'users_state_changed' && e.uid === u.uid && e.online);
    }
    const lastMid = await sendMid(t, admin, gid, 'before');
    await Promise.all(first.map((s) => s.waitFor((e) => e.type === 'chat' && e.mid === lastMid)));
    const seenBefore = watcher.events.length;

    // Every stream drops; the server has counted them all out before any comes back.
    for (const s of first) s.close();
    const onlineCount = async () =>
      (
        (await t.request('GET', '/admin/system/metrics', { token: admin.token })).json as {
          online_user_count: number;
        }
      ).online_user_count;
    await until(async () => (await onlineCount()) === 1, 'every dropped stream counted out');
    const missed = [];
    for (let i = 0; i < 3; i++) missed.push(await sendMid(t, admin, gid, `missed ${i}`));

    const resumed = await Promise.all(users.map((u, i) => open(nodeOf(i), u.token, { after_mid: lastMid })));
    await Promise.all(resumed.map((s) => s.ready()));
    for (const [i, s] of resumed.entries()) {
      expect(
        chats(s.events).map((e) => e.mid),
        `stream of user ${i}`,
      ).toEqual(missed);
    }

    // Whatever presence the storm published reaches each stream before this marker does.
    const marker = await sendMid(t, admin, gid, 'after the storm');
    await watcher.waitFor((e) => e.type === 'chat' && e.mid === marker);
    await Promise.all(resumed.map((s) => s.waitFor((e) => e.type === 'chat' && e.mid === marker)));

    const watcherSaw = presenceOf(watcher.events.slice(seenBefore), uids).length;
    const resumedSaw = resumed.reduce((n, s) => n + presenceOf(s.events, uids).length, 0);
    expect({ watcherSaw, resumedSaw }).toEqual({ watcherSaw: 0, resumedSaw: 0 });
    expect(await onlineCount()).toBe(USERS + 1);
  });
});

describe('presence grace', () => {
  const t = useTestServer({ fresh: true, env: { PRESENCE_GRACE_MS: '200' } });
  const { open } = streamsClosedAfterEach();

  it('announces a user who stays away offline once the grace period is over', async () => {
    const admin = await createAdmin(t);
    const alice = await createUser(t, 'alice');
    const watcher = await open(t.nodeUrls[0]!, admin.token);
    await watcher.ready();
    const sa = await open(t.nodeUrls[0]!, alice.token);
    await sa.ready();
    await watcher.waitFor((e) => e.type === 'users_state_changed' && e.uid === alice.uid && e.online);
    sa.close();
    await watcher.waitFor((e) => e.type === 'users_state_changed' && e.uid === alice.uid && !e.online);
    const again = await open(t.nodeUrls[0]!, alice.token);
    await again.ready();
    const aliceOnline = () =>
      watcher.events.filter((e) => e.type === 'users_state_changed' && e.uid === alice.uid && e.online)
        .length;
    await until(() => aliceOnline() === 2, 'alice announced online again');
  });
});
