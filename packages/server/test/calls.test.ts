/**
 * Self-hosted calls (issue 15, docs/voice.md): voice rooms in channels, WebRTC signalling that
 * reaches only the room's members, media state, the per-server limits, one device per user, 1:1
 * calls in DMs (ring, busy, accept, decline, missed) and TURN credentials in the coturn REST scheme.
 */
import { createHmac } from 'node:crypto';
import type { ServerEvent, VoiceConfig, VoiceRoom } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createChannel, createUser, login, sendText, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach, type TestStream } from './support/sse.js';

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();

const streams = streamsClosedAfterEach();
const ready = (user: TestUser) => streams.ready(t.url, user.token);
const quiet = { muted: false, deafened: false, video: false, screen: false };
const post = (user: TestUser, path: string, json?: unknown) =>
  t.request('POST', path, { token: user.token, json });
const join = (user: TestUser, gid: number, state = quiet) => post(user, '/voice/join', { gid, ...state });
const leave = (user: TestUser) => post(user, '/voice/leave');
const roomEvent = (room: string) => (e: ServerEvent) => e.type === 'voice_room_changed' && e.room === room;
const DEFAULTS: VoiceConfig = {
  stun_urls: [],
  turn_urls: [],
  turn_secret: '',
  turn_ttl: 3600,
  mesh_limit: 6,
  max_calls: 100,
  ice_address_prefixes: [],
  sfu_url: '',
  sfu_limit: 50,
};
const configure = (config: Partial<VoiceConfig>) =>
  post(admin, '/admin/voice/config', { ...DEFAULTS, ...config });

/** A DM from the admin that the stream must see after anything published before it. */
async function barrier(user: TestUser, stream: TestStream) {
  const mid = (await sendText(t, admin, { uid: user.uid }, 'barrier')).json as number;
  await stream.waitFor((e) => e.type === 'chat' && e.mid === mid);
}

describe('settings and ICE servers', () => {
  it('TURN credentials follow the coturn REST scheme; the filter and mesh size come along', async () => {
    const res = await configure({
      stun_urls: ['stun:127.0.0.1:3478'],
      turn_urls: ['turn:127.0.0.1:3478?transport=udp'],
      turn_secret: 's3cret',
      turn_ttl: 600,
      mesh_limit: 4,
      ice_address_prefixes: ['127.0.0.1'],
    });
    expect(res.status, res.text).toBe(200);
    const before = Math.floor(Date.now() / 1000);
    const ice = (await t.request('GET', '/voice/ice', { token: alice.token })).json as {
      ice_servers: { urls: string[]; username?: string; credential?: string }[];
    };
    expect(ice).toMatchObject({ ice_address_prefixes: ['127.0.0.1'], mesh_limit: 4, mode: 'mesh' });
    expect(ice.ice_servers[0]).toEqual({ urls: ['stun:127.0.0.1:3478'] });
    const turn = ice.ice_servers[1]!;
    const [expiry, uid] = turn.username!.split(':').map(Number);
    expect(uid).toBe(alice.uid);
    expect(expiry).toBeGreaterThanOrEqual(before + 600);
    expect(expiry).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 600);
    expect(turn.credential).toBe(createHmac('sha1', 's3cret').update(turn.username!).digest('base64'));
    expect((await configure({})).status).toBe(200);
  });

  it('refuses bad settings and non-administrators, changing nothing', async () => {
    expect((await configure({ stun_urls: ['http://x'] })).status).toBe(400);
    expect((await configure({ turn_urls: ['stun:x'] })).status).toBe(400);
    expect((await configure({ ice_address_prefixes: ['lo cal'] })).status).toBe(400);
    expect((await configure({ mesh_limit: 1 })).status).toBe(400);
    expect((await post(alice, '/admin/voice/config', DEFAULTS)).status).toBe(403);
    expect((await t.request('GET', '/admin/voice/config', { token: admin.token })).json).toEqual(DEFAULTS);
  });
});

describe('voice rooms in channels', () => {
  it('joining and leaving: members to the channel’s readers only; the room list follows', async () => {
    const room = `group:${priv}`;
    const [sa, sb, sc] = await Promise.all([ready(alice), ready(bob), ready(carol)]);
    const res = await join(alice, priv);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ room, members: [{ uid: alice.uid, ...quiet }] });
    expect(await sb.waitFor(roomEvent(room))).toEqual({
      type: 'voice_room_changed',
      room,
      gid: priv,
      members: [{ uid: alice.uid, ...quiet }],
    });
    await sa.waitFor(roomEvent(room));
    expect((await join(bob, priv, { ...quiet, video: true })).json).toMatchObject({
      members: [{ uid: alice.uid }, { uid: bob.uid, video: true }],
    });
    const list = (who: TestUser) => t.request('GET', '/voice/rooms', { token: who.token });
    expect((await list(alice)).json as VoiceRoom[]).toContainEqual({
      id: priv,
      room,
      context: 'channel',
      memberCount: 2,
      channelName: 'inner',
    });
    expect(((await list(carol)).json as VoiceRoom[]).some((r) => r.room === room)).toBe(false);
    expect((await join(carol, priv)).status).toBe(403);
    expect((await join(alice, 999_999)).status).toBe(404);
    expect((await leave(alice)).status).toBe(200);
    expect((await leave(bob)).status).toBe(200);
    await sa.waitFor((e) => roomEvent(room)(e) && e.type === 'voice_room_changed' && e.members.length === 0);
    await barrier(carol, sc);
    expect(sc.events.some(roomEvent(room))).toBe(false);
    expect(((await list(alice)).json as VoiceRoom[]).some((r) => r.room === room)).toBe(false);
  });

  it('signalling reaches the one member it is for; deafen mutes', async () => {
    const room = `group:${pub}`;
    expect((await join(alice, pub)).status).toBe(200);
    expect((await join(bob, pub)).status).toBe(200);
    const [sb, sc] = await Promise.all([ready(bob), ready(carol)]);
    const signal = { kind: 'offer', sdp: 'v=0\r\n' };
    expect((await post(alice, '/voice/signal', { to: bob.uid, signal })).status).toBe(200);
    expect(await sb.waitFor((e) => e.type === 'voice_signal')).toEqual({
      type: 'voice_signal',
      room,
      from: alice.uid,
      signal,
    });
    // Carol is not in the room: nothing to her, and nobody may signal her.
    expect((await post(alice, '/voice/signal', { to: carol.uid, signal })).status).toBe(404);
    expect((await post(carol, '/voice/signal', { to: bob.uid, signal })).status).toBe(404);
    expect((await post(alice, '/voice/signal', { to: bob.uid, signal: { kind: 'nope' } })).status).toBe(400);
    expect((await post(alice, '/voice/state', { ...quiet, deafened: true })).status).toBe(200);
    const changed = await sc.waitFor(
      (e) => e.type === 'voice_room_changed' && e.members.some((m) => m.uid === alice.uid && m.deafened),
    );
    expect(changed).toMatchObject({
      members: [{ uid: alice.uid, muted: true, deafened: true }, { uid: bob.uid }],
    });
    await barrier(carol, sc);
    expect(sc.events.some((e) => e.type === 'voice_signal')).toBe(false);
    await leave(alice);
    await leave(bob);
  });

  it('a room holds at most the mesh size; rooms in use stop at the call limit', async () => {
    const gid = await createChannel(t, admin, { name: 'limits', is_public: true });
    expect((await configure({ mesh_limit: 2, max_calls: 1 })).status).toBe(200);
    try {
      expect((await join(alice, gid)).status).toBe(200);
      expect((await join(bob, gid)).status).toBe(200);
      const full = await join(carol, gid);
      expect([full.status, full.json]).toEqual([409, { reason: 'room_full' }]);
      const other = await join(carol, pub);
      expect([other.status, other.json]).toEqual([409, { reason: 'too_many_calls' }]);
      // Moving within the limit is fine: bob leaves his room for... the same one.
      expect((await join(bob, gid)).status).toBe(200);
    } finally {
      await configure({});
      await leave(alice);
      await leave(bob);
    }
  });

  it('joining from another device ends the call on the first one', async () => {
    const erin = await createUser(t, 'erin');
    const phone = await login(t, erin.email, erin.password);
    const s1 = await ready(erin);
    expect((await join(erin, pub)).status).toBe(200);
    expect((await join(phone, pub)).status).toBe(200);
    expect(await s1.waitFor((e) => e.type === 'voice_ended')).toEqual({
      type: 'voice_ended',
      room: `group:${pub}`,
      reason: 'other_device',
    });
    // The first device is out: its state and signals are refused.
    expect((await post(erin, '/voice/state', quiet)).status).toBe(404);
    expect((await post(phone, '/voice/state', quiet)).status).toBe(200);
    await leave(phone);
  });
});

describe('1:1 calls', () => {
  it('ring, busy for a third caller, accept: both in the DM room', async () => {
    const [dan, eve, fay] = await Promise.all([
      createUser(t, 'dan'),
      createUser(t, 'eve'),
      createUser(t, 'fay'),
    ]);
    const [sd, se] = await Promise.all([ready(dan), ready(eve)]);
    const res = await post(dan, '/voice/call', { uid: eve.uid });
    const room = `dm:${Math.min(dan.uid, eve.uid)}:${Math.max(dan.uid, eve.uid)}`;
    expect(res.json).toEqual({ state: 'ringing', room });
    expect(await se.waitFor((e) => e.type === 'user_calling')).toEqual({
      type: 'user_calling',
      target: eve.uid,
      uid: dan.uid,
    });
    await se.waitFor((e) => e.type === 'voice_call' && e.state === 'ringing');
    expect((await post(fay, '/voice/call', { uid: eve.uid })).json).toMatchObject({ state: 'busy' });
    expect((await post(fay, '/voice/call/accept', { uid: dan.uid })).status).toBe(404);
    const accepted = await post(eve, '/voice/call/accept', { uid: dan.uid });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toEqual({
      room,
      members: [
        { uid: dan.uid, ...quiet },
        { uid: eve.uid, ...quiet },
      ],
    });
    expect(await sd.waitFor((e) => e.type === 'voice_call' && e.state === 'accepted')).toEqual({
      type: 'voice_call',
      caller: dan.uid,
      callee: eve.uid,
      room,
      state: 'accepted',
    });
    expect(
      ((await t.request('GET', '/voice/rooms', { token: eve.token })).json as VoiceRoom[])[0],
    ).toMatchObject({
      id: dan.uid,
      context: 'dm',
      memberCount: 2,
      channelName: 'dan',
    });
    // In a call: busy for anyone else, and nobody else reaches the room.
    expect((await post(fay, '/voice/call', { uid: dan.uid })).json).toMatchObject({ state: 'busy' });
    expect((await post(eve, '/voice/signal', { to: dan.uid, signal: { kind: 'hello' } })).status).toBe(200);
    await sd.waitFor((e) => e.type === 'voice_signal' && e.from === eve.uid);
    await leave(dan);
    await leave(eve);
  });

  it('decline tells the caller and takes them out of the room; no missed call', async () => {
    const [gus, hal] = await Promise.all([createUser(t, 'gus'), createUser(t, 'hal')]);
    const sg = await ready(gus);
    expect((await post(gus, '/voice/call', { uid: hal.uid })).json).toMatchObject({ state: 'ringing' });
    expect((await post(hal, '/voice/call/decline', { uid: gus.uid })).status).toBe(200);
    await sg.waitFor((e) => e.type === 'voice_call' && e.state === 'declined');
    await sg.waitFor((e) => e.type === 'voice_room_changed' && e.members.length === 0);
    expect((await post(hal, '/voice/call/decline', { uid: gus.uid })).status).toBe(404);
    expect((await post(gus, '/voice/state', quiet)).status).toBe(404);
    const history = await t.request('GET', `/user/${gus.uid}/history`, { token: hal.token });
    expect(history.json).toEqual([]);
  });

  it('a caller who hangs up first leaves a missed call in the conversation', async () => {
    const [ivy, jon] = await Promise.all([createUser(t, 'ivy'), createUser(t, 'jon')]);
    const sj = await ready(jon);
    expect((await post(ivy, '/voice/call', { uid: jon.uid, video: true })).json).toMatchObject({
      state: 'ringing',
    });
    expect((await post(ivy, '/voice/call/cancel', { uid: jon.uid })).status).toBe(200);
    const chat = await sj.waitFor((e) => e.type === 'chat');
    expect(chat).toMatchObject({
      from_uid: ivy.uid,
      target: { uid: jon.uid },
      detail: { type: 'normal', content_type: 'text/plain', properties: { parley_call: 'missed' } },
    });
    await sj.waitFor((e) => e.type === 'voice_call' && e.state === 'missed');
    expect((await post(jon, '/voice/call/accept', { uid: ivy.uid })).status).toBe(404);
  });

  it('refuses calling oneself, unknown users and guests’ calls', async () => {
    expect((await post(alice, '/voice/call', { uid: alice.uid })).status).toBe(400);
    expect((await post(alice, '/voice/call', { uid: 999_999 })).status).toBe(404);
    expect((await post(alice, '/voice/call', { uid: 'x' })).status).toBe(400);
    expect((await t.request('POST', '/voice/call', { json: { uid: bob.uid } })).status).toBe(401);
  });
});
