/**
 * A call ends with the device it was joined from (issue 15, docs/voice.md "Reload"): when that
 * device has no event stream open on any node, its user leaves the room at once, even while the
 * same user is online on another device. A device that opened a new stream before the old one
 * closed (a reload, or a stream kicked by its successor on another node) stays in its call.
 * Streams go to different nodes in the `cluster` project.
 */
import { describe, expect, it } from 'vitest';
import { createChannel, createUser, login, nodeUrl, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { roomIs } from './support/event-filters.js';
import { streamsClosedAfterEach } from './support/sse.js';
import { until } from './support/until.js';

const { t, admin } = await startCastServer();

const streams = streamsClosedAfterEach();
const post = (user: TestUser, path: string, json?: unknown) =>
  t.request('POST', path, { token: user.token, json });

/** `callee` answers `caller` from the device behind `callee.token`, its stream on node `node`. */
async function inCall(caller: TestUser, callee: TestUser, node: number) {
  const callerStream = await streams.ready(nodeUrl(t, 2), caller.token);
  const calleeStream = await streams.ready(nodeUrl(t, node), callee.token);
  const rang = await post(caller, '/voice/call', { uid: callee.uid });
  expect(rang.json).toMatchObject({ state: 'ringing' });
  const room = (rang.json as { room: string }).room;
  await calleeStream.waitFor((e) => e.type === 'user_calling' && e.uid === caller.uid);
  expect((await post(callee, '/voice/call/accept', { uid: caller.uid })).status).toBe(200);
  await callerStream.waitFor(roomIs(room, [caller.uid, callee.uid]));
  return { room, callerStream, calleeStream };
}

describe('a call ends with the device it was joined from', () => {
  it('the callee’s device closes while their phone stays online: gone from the room, and a new call rings', async () => {
    const [max, ned] = await Promise.all([createUser(t, 'max'), createUser(t, 'ned')]);
    // Ned's phone keeps a stream open on another node: ned stays online throughout.
    const phone = await login(t, ned.email, ned.password);
    await streams.ready(nodeUrl(t, 1), phone.token);
    const { room, callerStream, calleeStream } = await inCall(max, ned, 0);
    const seen = callerStream.events.length;
    calleeStream.close();
    // Before, ned stayed in the room (and busy) until the 60 s heartbeat expired.
    await callerStream.waitFor((e) => callerStream.events.indexOf(e) >= seen && roomIs(room, [max.uid])(e));
    expect(
      (await post(ned, '/voice/state', { muted: false, deafened: false, video: false, screen: false }))
        .status,
    ).toBe(404);
    expect((await post(max, '/voice/call/cancel', { uid: ned.uid })).status).toBe(200);
    const again = await post(max, '/voice/call', { uid: ned.uid });
    expect(again.json).toMatchObject({ state: 'ringing' });
    expect((await post(max, '/voice/call/cancel', { uid: ned.uid })).status).toBe(200);
  });

  it('a device whose new stream opened before the old one closed stays in its call', async () => {
    const [oli, pam] = await Promise.all([createUser(t, 'oli'), createUser(t, 'pam')]);
    const { room, callerStream, calleeStream } = await inCall(oli, pam, 0);
    const seen = callerStream.events.length;
    // The same device reconnects on another node: its new stream kicks the old one.
    const next = await streams.ready(nodeUrl(t, 1), pam.token);
    await calleeStream.ended;
    // Once every node has counted the old stream's close, pam's device has one stream left.
    await until(
      async () => (await t.server.ctx.presence.streams(pam.uid)) === 1,
      'the old stream is counted out',
    );
    await until(
      async () => (await t.server.ctx.presence.deviceStreams(pam.uid, pam.device)) === 1,
      'the device has one stream',
    );
    const state = await post(pam, '/voice/state', {
      muted: true,
      deafened: false,
      video: false,
      screen: false,
    });
    expect(state.status, state.text).toBe(200);
    await callerStream.waitFor(
      (e) =>
        roomIs(room, [oli.uid, pam.uid])(e) &&
        e.type === 'voice_room_changed' &&
        e.members.some((m) => m.muted),
    );
    expect(callerStream.events.slice(seen).some(roomIs(room, [oli.uid]))).toBe(false);
    // When that stream closes too, the call is over for pam.
    next.close();
    await callerStream.waitFor((e) => callerStream.events.indexOf(e) >= seen && roomIs(room, [oli.uid])(e));
    expect(await t.server.ctx.presence.deviceStreams(pam.uid, pam.device)).toBe(0);
  });

  it('a channel member whose browser closes leaves the channel’s room; the others see it', async () => {
    const [quinn, rae] = await Promise.all([createUser(t, 'quinn'), createUser(t, 'rae')]);
    const gid = await createChannel(t, admin, { name: 'lounge', is_public: true });
    const watcher = await streams.ready(nodeUrl(t, 2), rae.token);
    const quinnStream = await streams.ready(nodeUrl(t, 1), quinn.token);
    const quiet = { muted: false, deafened: false, video: false, screen: false };
    expect((await post(quinn, '/voice/join', { gid, ...quiet })).status).toBe(200);
    await watcher.waitFor(roomIs(`group:${gid}`, [quinn.uid]));
    quinnStream.close();
    await watcher.waitFor(roomIs(`group:${gid}`, []));
    const rooms = (await t.request('GET', '/voice/rooms', { token: rae.token })).json as { room: string }[];
    expect(rooms.some((r) => r.room === `group:${gid}`)).toBe(false);
  });
});
