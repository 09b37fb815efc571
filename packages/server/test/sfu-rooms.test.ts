/**
 * Rooms on the SFU (issue 15, docs/voice.md "SFU") against a real Janus the test starts: the
 * setting, rooms above the mesh limit from their first member, the signalling contract (offer in,
 * Janus's answer out; trickle), that only a room's members use it and only on their own handles,
 * `voice_sfu_feed` to the room's members only, and the clean-up when members leave. Media itself
 * (ICE, DTLS, `webrtcup` from real packets) is the e2e's part: e2e/tests/27-sfu.spec.ts.
 */
import type { ServerEvent, VoiceConfig } from '@parley/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { feedUp, janusRoom } from '../src/services/voice-sfu.js';
import { VideoRoomClient } from '../src/services/sfu/janus.js';
import { startCastServer } from './support/cast.js';
import { startJanus } from './support/janus.js';
import { sdpOffer } from './support/sdp-offer.js';
import { sendText, type TestUser } from './support/server.js';
import { streamsClosedAfterEach, type TestStream } from './support/sse.js';
import { until } from './support/until.js';

const janus = await startJanus();
afterAll(() => janus.stop());
const observer = await VideoRoomClient.connect(janus.url);
afterAll(() => observer.close());
const { t, admin, alice, bob, carol, pub } = await startCastServer();

const streams = streamsClosedAfterEach();
const quiet = { muted: false, deafened: false, video: true, screen: false };
const post = (user: TestUser, path: string, json?: unknown) =>
  t.request('POST', path, { token: user.token, json });
const join = (user: TestUser) => post(user, '/voice/join', { gid: pub, ...quiet });
const BASE: VoiceConfig = {
  stun_urls: [],
  turn_urls: [],
  turn_secret: '',
  turn_ttl: 3600,
  mesh_limit: 2,
  max_calls: 100,
  ice_address_prefixes: [],
};
const configure = (config: Partial<VoiceConfig>) =>
  post(admin, '/admin/voice/config', { ...BASE, ...config });
const room = `group:${pub}`;
const store = () => t.server.ctx.store.voiceSfu;
const participants = () => observer.participants(janusRoom(room));
const feedEvent = (uid: number, state: 'up' | 'gone') => (e: ServerEvent) =>
  e.type === 'voice_sfu_feed' && e.room === room && e.uid === uid && e.state === state;

/** A DM from the admin that the stream must see after anything published before it. */
async function barrier(user: TestUser, stream: TestStream) {
  const mid = (await sendText(t, admin, { uid: user.uid }, 'barrier')).json as number;
  await stream.waitFor((e) => e.type === 'chat' && e.mid === mid);
}

/**
 * Publishes until Janus takes it. After a session was lost, a node that has not noticed its own
 * session is gone (cluster: another node rebuilt its handles) answers 503 once, as it notices;
 * the client tries again (features/voice/sfu.ts).
 */
async function publishAgain(user: TestUser) {
  await until(
    async () => (await post(user, '/voice/sfu/publish', { sdp: sdpOffer().sdp })).status === 200,
    'a publish after the session was lost succeeds',
    15_000,
  );
}

describe('the SFU setting', () => {
  it('is an http(s) URL, for administrators; GET /voice/ice tells clients rooms go to the SFU', async () => {
    for (const sfu_url of ['ftp://127.0.0.1/janus', 'http://u:p@127.0.0.1/janus', 'janus', 'http://x/?a=1']) {
      expect((await configure({ sfu_url })).status, sfu_url).toBe(400);
    }
    expect((await configure({ sfu_limit: 1 })).status).toBe(400);
    expect((await post(alice, '/admin/voice/config', { ...BASE, sfu_url: janus.url })).status).toBe(403);
    expect((await t.request('GET', '/voice/ice', { token: alice.token })).json).toMatchObject({
      mode: 'mesh',
    });

    expect((await configure({ sfu_url: janus.url, sfu_limit: 3 })).status).toBe(200);
    // A write without the SFU fields keeps them.
    expect((await configure({ mesh_limit: 2 })).status).toBe(200);
    const config = (await t.request('GET', '/admin/voice/config', { token: admin.token }))
      .json as VoiceConfig;
    expect(config).toMatchObject({ sfu_url: janus.url, sfu_limit: 3, mesh_limit: 2 });
    expect((await t.request('GET', '/voice/ice', { token: alice.token })).json).toMatchObject({
      mode: 'sfu',
    });
  });
});

describe('a room on the SFU', () => {
  it('takes three members past a mesh limit of two, up to the SFU’s own limit', async () => {
    for (const user of [alice, bob, carol]) {
      const res = await join(user);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ room, sfu: { feeds: [] } });
    }
    const fourth = await join(admin);
    expect(fourth.status).toBe(409);
    expect(fourth.json).toEqual({ reason: 'room_full' });
  });

  it('publishes: an offer in, Janus’s answer out; publishing again replaces the first', async () => {
    const first = await post(alice, '/voice/sfu/publish', { sdp: sdpOffer().sdp });
    expect(first.status, first.text).toBe(200);
    const { handle, sdp } = first.json as { handle: number; sdp: string };
    expect(sdp).toMatch(/^v=0/);
    expect(sdp).toMatch(/m=audio/);
    expect(sdp).toMatch(/m=video/);
    expect(await participants()).toEqual([
      expect.objectContaining({ id: `u${alice.uid}-${handle}`, display: String(alice.uid) }),
    ]);

    const again = await post(alice, '/voice/sfu/publish', { sdp: sdpOffer().sdp });
    expect(again.status, again.text).toBe(200);
    const second = (again.json as { handle: number }).handle;
    expect(second).not.toBe(handle);
    await until(
      async () => (await participants()).map((p) => p.id).join() === `u${alice.uid}-${second}`,
      'the first publisher leaves Janus',
    );
    expect((await store().handles(room)).map((h) => [h.uid, h.kind, h.handle])).toEqual([
      [alice.uid, 'publisher', second],
    ]);
  });

  it('refuses a bad offer with 400 and keeps nothing; trickle works on one’s own handles only', async () => {
    const bad = await post(bob, '/voice/sfu/publish', { sdp: 'v=0\r\nnot an offer\r\n' });
    expect(bad.status, bad.text).toBe(400);
    expect((await store().handles(room)).filter((h) => h.uid === bob.uid)).toEqual([]);

    const [mine] = await store().handles(room);
    const handle = mine!.handle;
    const candidate = 'candidate:1 1 udp 2122260223 10.255.0.2 50000 typ host';
    expect((await post(alice, '/voice/sfu/trickle', { handle, candidate, sdp_mid: '0' })).status).toBe(200);
    expect((await post(alice, '/voice/sfu/trickle', { handle })).status).toBe(200);
    // Someone else's handle, or a member of no room: 404, as for a handle that does not exist.
    expect((await post(bob, '/voice/sfu/trickle', { handle, candidate, sdp_mid: '0' })).status).toBe(404);
    expect((await post(admin, '/voice/sfu/trickle', { handle })).status).toBe(404);
    expect((await post(bob, '/voice/sfu/start', { handle, sdp: sdpOffer().sdp })).status).toBe(404);
    // A publisher's handle takes no subscription answer.
    expect((await post(alice, '/voice/sfu/start', { handle, sdp: sdpOffer().sdp })).status).toBe(404);
    expect((await post(alice, '/voice/sfu/trickle', { handle: handle + 1 })).status).toBe(404);
  });

  it('a handle in a session Janus no longer knows does not end this node’s own session', async () => {
    // Another node's session that Janus forgot (the node died, its session timed out): a request
    // on one of its handles gets Janus's 458. That must not destroy this node's session, which
    // holds every other member's handles.
    const gone = await VideoRoomClient.connect(janus.url);
    const handle = await gone.session.attachVideoRoom();
    await gone.close();
    await store().addHandle({
      handle,
      session: gone.session.id,
      url: janus.url,
      room,
      uid: bob.uid,
      device: bob.device,
      kind: 'publisher',
      feed: null,
      janus_id: `u${bob.uid}-${handle}`,
      up_at: null,
      created_at: Date.now(),
    });
    expect((await post(bob, '/voice/sfu/trickle', { handle })).status).toBe(503);

    const [mine] = (await store().handles(room)).filter((h) => h.uid === alice.uid);
    expect((await post(alice, '/voice/sfu/trickle', { handle: mine!.handle })).status).toBe(200);
    expect((await participants()).map((p) => p.id)).toContain(mine!.janus_id);
    await store().removeHandles([handle]);
  });

  it('subscribing: a feed whose media is up, of one’s own room, not one’s own', async () => {
    // Alice's media never flows here (no ICE peer): her feed is not up.
    expect((await post(bob, '/voice/sfu/subscribe', { feed: alice.uid })).status).toBe(404);
    expect((await post(bob, '/voice/sfu/subscribe', { feed: bob.uid })).status).toBe(400);
    expect((await post(admin, '/voice/sfu/subscribe', { feed: alice.uid })).status).toBe(404);
    expect((await post(bob, '/voice/sfu/subscribe', { feed: 999_999 })).status).toBe(404);
  });

  it('tells the room’s members (only) whose media is up and gone; leaving drops the handles', async () => {
    const [sa, sb, sc, sAdmin] = await Promise.all([
      streams.ready(t.url, alice.token),
      streams.ready(t.url, bob.token),
      streams.ready(t.url, carol.token),
      streams.ready(t.url, admin.token),
    ]);
    const [publisher] = await store().handles(room);
    // What Janus's `webrtcup` on the publisher's handle does (real media: the e2e).
    await feedUp(t.server.ctx, publisher!.handle);
    await Promise.all([sb.waitFor(feedEvent(alice.uid, 'up')), sc.waitFor(feedEvent(alice.uid, 'up'))]);
    // Once up, joiners learn of it in the join answer (bob joins again: the same device).
    expect((await join(bob)).json).toMatchObject({ sfu: { feeds: [alice.uid] } });

    // Publishing again (a reloaded page): the others hear the old feed gone. Alice does not: her
    // client takes its own feed gone for a lost session and would publish once more, closing the
    // connection whose answer it still waits for.
    expect((await post(alice, '/voice/sfu/publish', { sdp: sdpOffer().sdp })).status).toBe(200);
    await Promise.all([sb.waitFor(feedEvent(alice.uid, 'gone')), sc.waitFor(feedEvent(alice.uid, 'gone'))]);
    await barrier(alice, sa);
    expect(sa.events.filter(feedEvent(alice.uid, 'gone'))).toEqual([]);

    expect((await post(alice, '/voice/leave')).status).toBe(200);
    await Promise.all([sb.waitFor(feedEvent(alice.uid, 'gone')), sc.waitFor(feedEvent(alice.uid, 'gone'))]);
    expect(await store().handles(room)).toEqual([]);
    await until(async () => (await participants()).length === 0, 'alice leaves the Janus room');
    // The admin reads the public channel (sees the room's member list) but is not in the call.
    await barrier(admin, sAdmin);
    expect(sAdmin.events.filter((e) => e.type === 'voice_sfu_feed')).toEqual([]);
    expect(sAdmin.events.some((e) => e.type === 'voice_room_changed' && e.room === room)).toBe(true);
  });

  it('leaves the SFU when it empties; the next room follows the setting of its first join', async () => {
    // (Closing their streams took bob and carol out of the room: a closed tab leaves.)
    for (const user of [bob, carol]) await post(user, '/voice/leave');
    await until(async () => (await store().room(room)) === undefined, 'the emptied room leaves the SFU');
    expect((await join(bob)).json).toMatchObject({ sfu: { feeds: [] } });
    // Turning the SFU off does not move a room that is on it.
    expect((await configure({ sfu_url: '' })).status).toBe(200);
    expect((await join(alice)).json).toMatchObject({ sfu: { feeds: [] } });
    for (const user of [alice, bob]) expect((await post(user, '/voice/leave')).status).toBe(200);
    expect(await store().room(room)).toBeUndefined();
    await expect(participants()).rejects.toThrow();

    // Now a mesh: no `sfu` in the answer, the mesh limit, and no SFU routes.
    const first = await join(alice);
    expect(first.json).not.toHaveProperty('sfu');
    expect((await join(bob)).status).toBe(200);
    expect((await join(carol)).status).toBe(409);
    expect((await post(alice, '/voice/sfu/publish', { sdp: sdpOffer().sdp })).status).toBe(404);
    for (const user of [alice, bob]) await post(user, '/voice/leave');
  });
});

describe('a Janus session that is lost', () => {
  it('is noticed on a 458, its handles go, and the members hear what to publish and subscribe again', async () => {
    expect((await configure({ sfu_url: janus.url, sfu_limit: 3 })).status).toBe(200);
    const [sa, sb] = await Promise.all([streams.ready(t.url, alice.token), streams.ready(t.url, bob.token)]);
    for (const user of [alice, bob, carol]) expect((await join(user)).status).toBe(200);
    for (const user of [alice, bob]) {
      const res = await post(user, '/voice/sfu/publish', { sdp: sdpOffer().sdp });
      expect(res.status, res.text).toBe(200);
    }
    const made = await store().handles(room);
    const sessions = [...new Set(made.map((h) => h.session))];
    // Carol publishes through another node's session, which lives on (the observer's here); alice
    // subscribed to her through the session that is lost.
    const carolHandle = await observer.session.attachVideoRoom();
    const aliceSub = made.find((h) => h.uid === alice.uid)!;
    const row = { url: janus.url, room, created_at: Date.now(), up_at: null, janus_id: null, feed: null };
    await store().addHandle({
      ...row,
      handle: carolHandle,
      session: observer.session.id,
      uid: carol.uid,
      device: carol.device,
      kind: 'publisher',
      janus_id: `u${carol.uid}-${carolHandle}`,
      up_at: Date.now(),
    });
    await store().addHandle({
      ...row,
      handle: aliceSub.handle + 1_000_000,
      session: aliceSub.session,
      uid: alice.uid,
      device: alice.device,
      kind: 'subscriber',
      feed: carol.uid,
    });

    // What an expired session is to Janus (a restart: the next test). The next request on a
    // handle of it is refused with a 458, which is how a node learns it.
    for (const session of sessions) {
      await fetch(`${janus.url}/${session}`, {
        method: 'POST',
        body: JSON.stringify({ janus: 'destroy', transaction: `lose-${session}` }),
      });
    }
    for (const [i, session] of sessions.entries()) {
      const h = made.find((m) => m.session === session)!;
      const owner = h.uid === alice.uid ? alice : bob;
      const status = (await post(owner, '/voice/sfu/trickle', { handle: h.handle })).status;
      // Another node's session (cluster) may have been noticed meanwhile by its own node: 404.
      expect(i === 0 ? [503] : [503, 404]).toContain(status);
    }
    // Each publisher hears its own feed is gone (publish again), as the room does.
    await Promise.all(
      [sa, sb].flatMap((s) => [
        s.waitFor(feedEvent(alice.uid, 'gone')),
        s.waitFor(feedEvent(bob.uid, 'gone')),
      ]),
    );
    // Alice's subscription to carol died with the session, carol's feed did not: subscribe again.
    await sa.waitFor(feedEvent(carol.uid, 'up'));
    await until(async () => (await store().handles(room)).length === 1, 'the lost handles are removed');
    expect((await store().handles(room)).map((h) => h.handle)).toEqual([carolHandle]);

    // Publishing again makes a new session.
    await publishAgain(alice);
    const [republished] = (await store().handles(room)).filter((h) => h.uid === alice.uid);
    expect(sessions).not.toContain(republished!.session);
    expect(await participants()).toContainEqual(expect.objectContaining({ id: republished!.janus_id }));
    await store().removeHandles([carolHandle]);
    for (const user of [alice, bob, carol]) await post(user, '/voice/leave');
  });

  it('is noticed when Janus restarts (the long poll is refused): the members publish again', async () => {
    // Last: the restart also ends the observer's session.
    const [sa, sb] = await Promise.all([streams.ready(t.url, alice.token), streams.ready(t.url, bob.token)]);
    for (const user of [alice, bob]) expect((await join(user)).status).toBe(200);
    for (const user of [alice, bob]) await publishAgain(user);
    const before = new Set((await store().handles(room)).map((h) => h.session));

    await janus.restart();
    // No request from a member: each node's long poll finds its session gone.
    await Promise.all(
      [sa, sb].flatMap((s) => [
        s.waitFor(feedEvent(alice.uid, 'gone'), 15_000),
        s.waitFor(feedEvent(bob.uid, 'gone'), 15_000),
      ]),
    );
    expect(await store().handles(room)).toEqual([]);
    // Publishing again: a new session, and the Janus room made again.
    await publishAgain(alice);
    const [republished] = await store().handles(room);
    expect(before).not.toContain(republished!.session);
    for (const user of [alice, bob]) await post(user, '/voice/leave');
  }, 30_000);
});
