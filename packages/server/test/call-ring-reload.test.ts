/**
 * A caller whose page reloads while the callee's phone rings (issue 15, docs/voice.md "Reload"):
 * its stream closes, so its device leaves the DM's room, but the ring goes on for
 * `CALL_REJOIN_GRACE_MS` (default 10 s). The reloaded page calls again with `rejoin: true`: it
 * waits in the room again and the callee's answer connects them. Before, the rejoin answered
 * `ended` while the callee's phone rang on. Streams go to different nodes in the `cluster` project.
 */
import type { ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createUser, nodeUrl, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { roomIs } from './support/event-filters.js';
import { streamsClosedAfterEach } from './support/sse.js';

const { t } = await startCastServer();

const streams = streamsClosedAfterEach();
const post = (user: TestUser, path: string, json?: unknown) =>
  t.request('POST', path, { token: user.token, json });

/** `caller` rings `callee`; the caller's stream is on node 0, the callee's on node 1. */
async function ringing(caller: TestUser, callee: TestUser) {
  const callerStream = await streams.ready(nodeUrl(t, 0), caller.token);
  const calleeStream = await streams.ready(nodeUrl(t, 1), callee.token);
  const rang = await post(caller, '/voice/call', { uid: callee.uid });
  expect(rang.json).toMatchObject({ state: 'ringing' });
  const room = (rang.json as { room: string }).room;
  await calleeStream.waitFor((e) => e.type === 'user_calling' && e.uid === caller.uid);
  return { room, callerStream, calleeStream };
}

/** The caller's page reloads: the old stream closes and its device leaves the room first. */
async function reload(caller: TestUser, room: string, callerStream: { close(): void }, watcher: Watch) {
  const seen = watcher.events.length;
  callerStream.close();
  await watcher.waitFor((e) => watcher.events.indexOf(e) >= seen && roomIs(room, [])(e));
  return streams.ready(nodeUrl(t, 2), caller.token);
}
type Watch = Awaited<ReturnType<typeof streams.ready>>;

const ended = (e: ServerEvent) => e.type === 'voice_call' && e.state !== 'ringing' && e.state !== 'accepted';

describe('the caller’s page reloads while it rings', () => {
  it('the rejoin rings on, and the callee’s answer connects them', async () => {
    const [eve, fay] = await Promise.all([createUser(t, 'eve'), createUser(t, 'fay')]);
    const { room, callerStream, calleeStream } = await ringing(eve, fay);
    const again = await reload(eve, room, callerStream, calleeStream);
    const rejoined = await post(eve, '/voice/call', { uid: fay.uid, rejoin: true });
    expect(rejoined.json).toEqual({ state: 'ringing', room });
    await calleeStream.waitFor(roomIs(room, [eve.uid]));
    // No second ring: the callee's phone never stopped.
    expect(calleeStream.events.filter((e) => e.type === 'user_calling')).toHaveLength(1);
    const accepted = await post(fay, '/voice/call/accept', { uid: eve.uid });
    expect(accepted.status, accepted.text).toBe(200);
    await again.waitFor(roomIs(room, [eve.uid, fay.uid]));
    await again.waitFor((e) => e.type === 'voice_call' && e.room === room && e.state === 'accepted');
    expect(calleeStream.events.some(ended)).toBe(false);
    expect((await post(eve, '/voice/call/cancel', { uid: fay.uid })).status).toBe(200);
    await calleeStream.waitFor((e) => e.type === 'voice_call' && e.state === 'ended');
  });

  it('answered while the caller reloaded: the rejoin connects at once', async () => {
    const [gus, hal] = await Promise.all([createUser(t, 'gus'), createUser(t, 'hal')]);
    const { room, callerStream, calleeStream } = await ringing(gus, hal);
    const again = await reload(gus, room, callerStream, calleeStream);
    const accepted = await post(hal, '/voice/call/accept', { uid: gus.uid });
    expect(accepted.status, accepted.text).toBe(200);
    const rejoined = await post(gus, '/voice/call', { uid: hal.uid, rejoin: true });
    expect(rejoined.json).toMatchObject({ state: 'accepted', room });
    await again.waitFor(roomIs(room, [gus.uid, hal.uid]));
    expect(calleeStream.events.some(ended)).toBe(false);
  });

  it('the caller hanging up from the reloaded page is a missed call', async () => {
    const [ida, jay] = await Promise.all([createUser(t, 'ida'), createUser(t, 'jay')]);
    const { room, callerStream, calleeStream } = await ringing(ida, jay);
    await reload(ida, room, callerStream, calleeStream);
    expect((await post(ida, '/voice/call', { uid: jay.uid, rejoin: true })).json).toMatchObject({
      state: 'ringing',
    });
    expect((await post(ida, '/voice/call/cancel', { uid: jay.uid })).status).toBe(200);
    await calleeStream.waitFor((e) => e.type === 'voice_call' && e.room === room && e.state === 'missed');
  });
});

describe('hanging up an answered call', () => {
  it('takes both sides out of the room, so the next call rings instead of connecting to nobody', async () => {
    const [kai, lea] = await Promise.all([createUser(t, 'kai'), createUser(t, 'lea')]);
    const { room, callerStream, calleeStream } = await ringing(kai, lea);
    expect((await post(lea, '/voice/call/accept', { uid: kai.uid })).status).toBe(200);
    await callerStream.waitFor(roomIs(room, [kai.uid, lea.uid]));
    // Kai hangs up; Lea's client ends on `ended` and tells the server nothing more.
    expect((await post(kai, '/voice/call/cancel', { uid: lea.uid })).status).toBe(200);
    await calleeStream.waitFor((e) => e.type === 'voice_call' && e.state === 'ended');
    await calleeStream.waitFor(roomIs(room, []));
    // Before, Lea stayed in the room until the heartbeat expired, and this "connected" at once.
    expect((await post(kai, '/voice/call', { uid: lea.uid })).json).toEqual({ state: 'ringing', room });
    expect((await post(kai, '/voice/call/cancel', { uid: lea.uid })).status).toBe(200);
  });
});
