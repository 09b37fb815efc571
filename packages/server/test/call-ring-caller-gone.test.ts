/**
 * A caller whose tab closes while the callee's phone still rings (issue 15, docs/voice.md
 * "Reload"): the ring waits `CALL_REJOIN_GRACE_MS` for the page to come back, then ends as a
 * missed call, as if the caller had hung up. Before, it rang on to its 30 s timeout and an answer
 * joined a room nobody was in. The grace is short here; `call-ring-reload.test.ts` keeps the
 * default and reloads within it. Streams go to different nodes in the `cluster` project.
 */
import type { ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createUser, login, nodeUrl, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach } from './support/sse.js';

const { t } = await startCastServer({ env: { CALL_REJOIN_GRACE_MS: '200' } });

const streams = streamsClosedAfterEach();
const post = (user: TestUser, path: string, json?: unknown) =>
  t.request('POST', path, { token: user.token, json });

describe('the caller’s tab closes while it rings', () => {
  it('the ring ends as a missed call soon after, and the next call rings', async () => {
    const [ada, ben] = await Promise.all([createUser(t, 'ada'), createUser(t, 'ben')]);
    const adaStream = await streams.ready(nodeUrl(t, 0), ada.token);
    const benStream = await streams.ready(nodeUrl(t, 1), ben.token);
    const rang = await post(ada, '/voice/call', { uid: ben.uid });
    expect(rang.json).toMatchObject({ state: 'ringing' });
    const room = (rang.json as { room: string }).room;
    await benStream.waitFor((e) => e.type === 'user_calling' && e.uid === ada.uid);
    adaStream.close();
    const isMissed = (e: ServerEvent) => e.type === 'voice_call' && e.room === room && e.state === 'missed';
    // Before, nothing came until the 30 s ring timeout.
    await benStream.waitFor(isMissed);
    expect(benStream.events.find((e) => e.type === 'chat')).toMatchObject({
      from_uid: ada.uid,
      target: { uid: ben.uid },
      detail: { properties: { parley_call: 'missed' } },
    });
    expect((await post(ben, '/voice/call/accept', { uid: ada.uid })).status).toBe(404);
    const rooms = (await t.request('GET', '/voice/rooms', { token: ben.token })).json as { room: string }[];
    expect(rooms.some((r) => r.room === room)).toBe(false);
    // The page that comes back later finds nothing to rejoin; a new call rings.
    await streams.ready(nodeUrl(t, 2), ada.token);
    expect((await post(ada, '/voice/call', { uid: ben.uid, rejoin: true })).json).toMatchObject({
      state: 'ended',
    });
    expect((await post(ada, '/voice/call', { uid: ben.uid })).json).toMatchObject({ state: 'ringing' });
    expect((await post(ada, '/voice/call/cancel', { uid: ben.uid })).status).toBe(200);
  });

  it('a page that is back (its stream open) but slow to rejoin past the grace still rings', async () => {
    const [eli, fin] = await Promise.all([createUser(t, 'eli'), createUser(t, 'fin')]);
    const eliStream = await streams.ready(nodeUrl(t, 0), eli.token);
    const finStream = await streams.ready(nodeUrl(t, 1), fin.token);
    const rang = await post(eli, '/voice/call', { uid: fin.uid });
    const room = (rang.json as { room: string }).room;
    await finStream.waitFor((e) => e.type === 'user_calling' && e.uid === eli.uid);
    eliStream.close();
    // Eli's device left the room (the grace starts then); the reloaded page's stream opens.
    await finStream.waitFor(
      (e) => e.type === 'voice_room_changed' && e.room === room && e.members.length === 0,
    );
    await streams.ready(nodeUrl(t, 2), eli.token);
    // The page asks for the camera and its ICE servers first: the grace (200 ms) passes meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await post(eli, '/voice/call', { uid: fin.uid, rejoin: true })).json).toEqual({
      state: 'ringing',
      room,
    });
    expect(finStream.events.some((e) => e.type === 'voice_call' && e.state !== 'ringing')).toBe(false);
    expect((await post(fin, '/voice/call/accept', { uid: eli.uid })).status).toBe(200);
  });

  it('a callee whose tab closes while it rings does not end the ring', async () => {
    const [cy, dot] = await Promise.all([createUser(t, 'cy'), createUser(t, 'dot')]);
    const cyStream = await streams.ready(nodeUrl(t, 0), cy.token);
    const dotStream = await streams.ready(nodeUrl(t, 1), dot.token);
    const rang = await post(cy, '/voice/call', { uid: dot.uid });
    expect(rang.json).toMatchObject({ state: 'ringing' });
    await dotStream.waitFor((e) => e.type === 'user_calling' && e.uid === cy.uid);
    dotStream.close();
    // Their phone (another device) may still answer: the callee's closed tab is not a decline.
    const phone = await login(t, dot.email, dot.password);
    await streams.ready(nodeUrl(t, 2), phone.token);
    const accepted = await post(phone, '/voice/call/accept', { uid: cy.uid });
    expect(accepted.status, accepted.text).toBe(200);
    await cyStream.waitFor((e) => e.type === 'voice_call' && e.state === 'accepted');
    expect(cyStream.events.some((e) => e.type === 'voice_call' && e.state === 'missed')).toBe(false);
  });
});
