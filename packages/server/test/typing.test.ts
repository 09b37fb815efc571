/**
 * Typing indicators (Parley, beyond VoceChat; docs/search.md, "Typing"): `user_typing` reaches the
 * conversation's other readers only, never outsiders or a removed member; faster signals than the
 * throttle allows are dropped; bad targets are refused.
 */
import type { ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createChannel, createUser, sendText, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach, type TestStream } from './support/sse.js';

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();

const streams = streamsClosedAfterEach();
const ready = (user: TestUser) => streams.ready(t.url, user.token);
const typing = (user: TestUser, path: string) => t.request('POST', path, { token: user.token });
const isTyping = (e: ServerEvent) => e.type === 'user_typing';

/** A DM from the admin that the stream must see after anything sent before it. */
async function barrier(user: TestUser, stream: TestStream) {
  const mid = (await sendText(t, admin, { uid: user.uid }, 'barrier')).json as number;
  await stream.waitFor((e) => e.type === 'chat' && e.mid === mid);
}

describe('typing indicators', () => {
  it('in a private channel: the other members hear it, outsiders and the typist do not', async () => {
    const [sa, sb, sc] = await Promise.all([ready(alice), ready(bob), ready(carol)]);
    const res = await typing(alice, `/group/${priv}/typing`);
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');
    expect(await sb.waitFor(isTyping)).toEqual({
      type: 'user_typing',
      uid: alice.uid,
      target: { gid: priv },
    });
    await barrier(carol, sc);
    await barrier(alice, sa);
    expect(sc.events.some(isTyping)).toBe(false);
    expect(sa.events.some(isTyping)).toBe(false);
  });

  it('in a public channel everyone else hears it; in a DM only the recipient', async () => {
    const [sa, sb, sc] = await Promise.all([ready(alice), ready(bob), ready(carol)]);
    expect((await typing(bob, `/group/${pub}/typing`)).status).toBe(200);
    const event = { type: 'user_typing', uid: bob.uid, target: { gid: pub } };
    expect(await sa.waitFor(isTyping)).toEqual(event);
    expect(await sc.waitFor(isTyping)).toEqual(event);
    expect((await typing(carol, `/user/${alice.uid}/typing`)).status).toBe(200);
    expect(await sa.waitFor((e) => isTyping(e) && e.uid === carol.uid)).toEqual({
      type: 'user_typing',
      uid: carol.uid,
      target: { uid: alice.uid },
    });
    await barrier(bob, sb);
    expect(sb.events.filter(isTyping)).toEqual([]);
  });

  it('drops signals faster than the throttle allows, per conversation', async () => {
    // A typist of their own, so earlier tests' signals do not count against the throttle.
    const erin = await createUser(t, 'erin');
    const gid = await createChannel(t, erin, { name: 'erins', is_public: false, members: [bob.uid] });
    const sb = await ready(bob);
    for (let i = 0; i < 5; i++) expect((await typing(erin, `/user/${bob.uid}/typing`)).status).toBe(200);
    expect((await typing(erin, `/group/${gid}/typing`)).status).toBe(200);
    await sb.waitFor((e) => isTyping(e) && 'gid' in e.target);
    await barrier(bob, sb);
    expect(sb.events.filter(isTyping)).toEqual([
      { type: 'user_typing', uid: erin.uid, target: { uid: bob.uid } },
      { type: 'user_typing', uid: erin.uid, target: { gid } },
    ]);
  });

  it('a removed member neither hears nor may send it; bad targets are refused', async () => {
    const dave = await createUser(t, 'dave');
    const gid = await createChannel(t, alice, { name: 'temp', is_public: false, members: [dave.uid] });
    const removed = await t.request('POST', `/group/${gid}/members/remove`, {
      token: alice.token,
      json: [dave.uid],
    });
    expect(removed.status, removed.text).toBe(200);
    const sd = await ready(dave);
    expect((await typing(alice, `/group/${gid}/typing`)).status).toBe(200);
    await barrier(dave, sd);
    expect(sd.events.some(isTyping)).toBe(false);
    expect((await typing(dave, `/group/${gid}/typing`)).status).toBe(403);
    expect((await typing(carol, `/group/${priv}/typing`)).status).toBe(403);
    expect((await typing(carol, `/group/999999/typing`)).status).toBe(404);
    expect((await typing(carol, `/user/999999/typing`)).status).toBe(404);
    expect((await typing(carol, `/group/abc/typing`)).status).toBe(400);
    expect((await typing(carol, `/user/${carol.uid}/typing`)).status).toBe(200);
    expect((await t.request('POST', `/group/${pub}/typing`)).status).toBe(401);
  });
});
