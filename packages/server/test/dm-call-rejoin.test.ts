/**
 * A DM call survives a reload (issue 15, docs/voice.md "Reload"): the reloaded side calls again
 * with `rejoin` and is back in the room without a ring while the other side waits there; once the
 * other side hung up (`voice_call ended`), a rejoin finds nothing and rings nobody.
 */
import type { ServerEvent, VoiceMember } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createUser, nodeUrl, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach } from './support/sse.js';

const { t } = await startCastServer();

const streams = streamsClosedAfterEach();
const post = (user: TestUser, path: string, json?: unknown) =>
  t.request('POST', path, { token: user.token, json });
const members = (e: ServerEvent) =>
  e.type === 'voice_room_changed' ? e.members.map((m: VoiceMember) => m.uid).sort((a, b) => a - b) : [];

describe('a DM call after a reload', () => {
  it('the reloaded side rejoins without ringing; after a hang-up a rejoin rings nobody', async () => {
    const [uma, vic] = await Promise.all([createUser(t, 'uma'), createUser(t, 'vic')]);
    const umaStream = await streams.ready(nodeUrl(t, 0), uma.token);
    let vicStream = await streams.ready(nodeUrl(t, 1), vic.token);
    const rang = await post(uma, '/voice/call', { uid: vic.uid });
    const { room } = rang.json as { room: string };
    await vicStream.waitFor((e) => e.type === 'user_calling');
    expect((await post(vic, '/voice/call/accept', { uid: uma.uid })).status).toBe(200);
    const both = [uma.uid, vic.uid].sort((a, b) => a - b).join();
    await umaStream.waitFor((e) => members(e).join() === both);
    // Vic reloads: the old page's stream closes (vic leaves), the new one opens and rejoins.
    let seen = umaStream.events.length;
    vicStream.close();
    await umaStream.waitFor(
      (e) => umaStream.events.indexOf(e) >= seen && members(e).join() === String(uma.uid),
    );
    vicStream = await streams.ready(nodeUrl(t, 2), vic.token);
    seen = umaStream.events.length;
    const back = await post(vic, '/voice/call', { uid: uma.uid, rejoin: true });
    expect(back.json).toMatchObject({ state: 'accepted', room });
    expect(
      (back.json as { members: VoiceMember[] }).members
        .map((m) => m.uid)
        .sort((a, b) => a - b)
        .join(),
    ).toBe(both);
    await umaStream.waitFor((e) => umaStream.events.indexOf(e) >= seen && members(e).join() === both);
    expect(umaStream.events.slice(seen).some((e) => e.type === 'user_calling')).toBe(false);
    // Uma hangs up: vic hears that the call is over, and a later rejoin finds nothing.
    expect((await post(uma, '/voice/call/cancel', { uid: vic.uid })).status).toBe(200);
    await vicStream.waitFor((e) => e.type === 'voice_call' && e.state === 'ended' && e.caller === uma.uid);
    expect((await post(vic, '/voice/leave')).status).toBe(200);
    const late = await post(uma, '/voice/call', { uid: vic.uid, rejoin: true });
    expect(late.json).toEqual({ state: 'ended', room });
    // The reloaded page's stream never heard a ring.
    expect(vicStream.events.some((e) => e.type === 'user_calling')).toBe(false);
  });

  it('calling back someone who is ringing you connects the call', async () => {
    const [wes, xia] = await Promise.all([createUser(t, 'wes'), createUser(t, 'xia')]);
    const wesStream = await streams.ready(nodeUrl(t, 0), wes.token);
    await streams.ready(nodeUrl(t, 1), xia.token);
    expect((await post(wes, '/voice/call', { uid: xia.uid })).json).toMatchObject({ state: 'ringing' });
    const back = await post(xia, '/voice/call', { uid: wes.uid });
    expect(back.json).toMatchObject({ state: 'accepted' });
    await wesStream.waitFor((e) => e.type === 'voice_call' && e.state === 'accepted' && e.caller === wes.uid);
    expect((await post(xia, '/voice/call/cancel', { uid: wes.uid })).status).toBe(200);
    expect((await post(wes, '/voice/leave')).status).toBe(200);
  });
});
