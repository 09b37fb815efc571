/**
 * A second DM call right after the first one ended must ring again (issue 15, docs/voice.md):
 * hung up the way the web client does (the caller cancels, the callee leaves), or the callee's
 * browser closed its stream without leaving.
 */
import type { ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach } from './support/sse.js';

const { t } = await startCastServer();

const streams = streamsClosedAfterEach();
const ready = (user: TestUser) => streams.ready(t.url, user.token);
const post = (user: TestUser, path: string, json?: unknown) =>
  t.request('POST', path, { token: user.token, json });

async function callAndAccept(caller: TestUser, callee: TestUser) {
  const calleeStream = await ready(callee);
  expect((await post(caller, '/voice/call', { uid: callee.uid })).json).toMatchObject({ state: 'ringing' });
  await calleeStream.waitFor((e) => e.type === 'user_calling' && e.uid === caller.uid);
  const accepted = await post(callee, '/voice/call/accept', { uid: caller.uid });
  expect(accepted.status, accepted.text).toBe(200);
  return calleeStream;
}

async function ringsAgain(caller: TestUser, callee: TestUser) {
  const calleeStream = await ready(callee);
  expect((await post(caller, '/voice/call', { uid: callee.uid })).json).toMatchObject({ state: 'ringing' });
  expect(await calleeStream.waitFor((e) => e.type === 'user_calling')).toEqual({
    type: 'user_calling',
    target: callee.uid,
    uid: caller.uid,
  });
  expect((await post(caller, '/voice/call/cancel', { uid: callee.uid })).status).toBe(200);
}

describe('calling the same person again', () => {
  it('after both hung up as the web client does, the next call rings', async () => {
    const [kim, lou] = await Promise.all([createUser(t, 'kim'), createUser(t, 'lou')]);
    await callAndAccept(kim, lou);
    // The caller hangs up with cancel (answered: that is leaving), the callee with leave.
    expect((await post(kim, '/voice/call/cancel', { uid: lou.uid })).status).toBe(200);
    expect((await post(lou, '/voice/leave')).status).toBe(200);
    await ringsAgain(kim, lou);
    // And the other way round, hung up in the other order.
    await callAndAccept(lou, kim);
    expect((await post(kim, '/voice/leave')).status).toBe(200);
    expect((await post(lou, '/voice/call/cancel', { uid: kim.uid })).status).toBe(200);
    await ringsAgain(lou, kim);
  });

  it('after the callee’s browser closed its stream without leaving, the next call rings', async () => {
    const [max, ned] = await Promise.all([createUser(t, 'max'), createUser(t, 'ned')]);
    const maxStream = await ready(max);
    const nedStream = await callAndAccept(max, ned);
    const nedState = (online: boolean) => (e: ServerEvent) =>
      e.type === 'users_state_changed' && e.uid === ned.uid && e.online === online;
    await maxStream.waitFor(nedState(true));
    const seen = maxStream.events.length;
    nedStream.close();
    // The server has seen the stream close once it tells others that ned went offline.
    await maxStream.waitFor((e) => maxStream.events.indexOf(e) >= seen && nedState(false)(e));
    expect((await post(max, '/voice/call/cancel', { uid: ned.uid })).status).toBe(200);
    // Ned has no stream open: the call rings (it used to answer busy until heartbeat expiry).
    expect((await post(max, '/voice/call', { uid: ned.uid })).json).toMatchObject({ state: 'ringing' });
    expect((await post(max, '/voice/call/cancel', { uid: ned.uid })).status).toBe(200);
  });
});
