/**
 * Pinned messages (API.md §9.3 `pinned_message_updated`, §15.7): who pins, the events and their
 * audience, edits and deletes of a pinned message, and the pins in the channel list.
 */
import type { Group, ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { login, properties, sendText, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach } from './support/sse.js';

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();

const streams = streamsClosedAfterEach();
const ready = (user: TestUser) => streams.ready(t.url, user.token);

async function say(user: TestUser, gid: number, text: string, props?: unknown): Promise<number> {
  const res = await t.request('POST', `/group/${gid}/send`, {
    token: user.token,
    body: text,
    headers: { 'content-type': 'text/plain', 'x-properties': props ? properties(props) : '' },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as number;
}
const pin = (user: TestUser | null, gid: number | string, json: unknown) =>
  t.request('POST', `/group/${gid}/pin`, { token: user?.token, json });
const unpin = (user: TestUser | null, gid: number | string, json: unknown) =>
  t.request('POST', `/group/${gid}/unpin`, { token: user?.token, json });
const pinEvent = (gid: number, mid: number) => (e: ServerEvent) =>
  e.type === 'pinned_message_updated' && e.gid === gid && e.mid === mid;
async function pinsOf(user: TestUser, gid: number) {
  const res = await t.request('GET', `/group/${gid}`, { token: user.token });
  expect(res.status).toBe(200);
  return (res.json as Group).pinned_messages;
}

describe('pinning', () => {
  it('the owner pins: an empty 200, pinned_message_updated to members only, in the channel', async () => {
    const mid = await say(bob, priv, 'pin me', { local_id: 7 });
    const [sa, sb, sc] = await Promise.all([ready(alice), ready(bob), ready(carol)]);
    const res = await pin(alice, priv, { mid });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    const msg = {
      mid,
      created_by: alice.uid,
      created_at: expect.any(Number),
      properties: { local_id: 7 },
      content_type: 'text/plain',
      content: 'pin me',
    };
    const event = { type: 'pinned_message_updated', gid: priv, mid, msg };
    expect(await sa.waitFor(pinEvent(priv, mid))).toEqual(event);
    expect(await sb.waitFor(pinEvent(priv, mid))).toEqual(event);
    // Carol is not a member: a DM to her arrives, the pin never does.
    const barrier = (await sendText(t, admin, { uid: carol.uid }, 'barrier')).json as number;
    await sc.waitFor((e) => e.type === 'chat' && e.mid === barrier);
    expect(sc.events.some((e) => e.type === 'pinned_message_updated')).toBe(false);
    expect(await pinsOf(bob, priv)).toEqual([msg]);
    // In the initial sync of a fresh device too.
    const fresh = await ready(await login(t, bob.email, bob.password));
    const related = await fresh.waitFor((e) => e.type === 'related_groups');
    expect(
      related.type === 'related_groups' && related.groups.find((g) => g.gid === priv)?.pinned_messages,
    ).toEqual([msg]);

    expect((await pin(alice, priv, { mid })).status).toBe(409);
    const un = await unpin(alice, priv, { mid });
    expect(un.status).toBe(200);
    expect(
      await sb.waitFor((e) => pinEvent(priv, mid)(e) && e.type === 'pinned_message_updated' && !e.msg),
    ).toEqual({
      type: 'pinned_message_updated',
      gid: priv,
      mid,
      msg: null,
    });
    expect(await pinsOf(bob, priv)).toEqual([]);
    expect((await unpin(alice, priv, { mid })).status).toBe(404);
  });

  it('in a public channel only administrators pin (it has no owner); everyone sees it', async () => {
    const mid = await say(alice, pub, 'public pin');
    const sc = await ready(carol);
    expect((await pin(alice, pub, { mid })).status).toBe(403);
    expect((await pin(admin, pub, { mid })).status).toBe(200);
    expect(await sc.waitFor(pinEvent(pub, mid))).toMatchObject({ msg: { content: 'public pin' } });
    expect((await unpin(bob, pub, { mid })).status).toBe(403);
    expect((await unpin(admin, pub, { mid })).status).toBe(200);
  });

  it('refuses: 401, 404 unknown channel or message or one of another channel, 403 for members, 400 bodies', async () => {
    const mid = await say(alice, priv, 'x');
    const elsewhere = await say(alice, pub, 'y');
    expect((await pin(null, priv, { mid })).status).toBe(401);
    expect((await pin(alice, 999999, { mid })).status).toBe(404);
    expect((await pin(alice, priv, { mid: 999999999 })).status).toBe(404);
    expect((await pin(alice, priv, { mid: elsewhere })).status).toBe(404);
    expect((await pin(bob, priv, { mid })).status).toBe(403);
    expect((await pin(carol, priv, { mid })).status).toBe(403);
    expect((await pin(alice, priv, {})).status).toBe(400);
    expect((await pin(alice, priv, { mid: 'x' })).status).toBe(400);
    expect((await pin(alice, 'x', { mid })).status).toBe(400);
    expect((await unpin(alice, priv, { mid: elsewhere })).status).toBe(404);
    expect(await pinsOf(alice, priv)).toEqual([]);
  });
});

describe('a pinned message changes', () => {
  it('an edit re-emits the pin with the new text and the merged properties', async () => {
    const mid = await say(bob, priv, 'draft', { local_id: 9 });
    expect((await pin(alice, priv, { mid })).status).toBe(200);
    const sa = await ready(alice);
    const res = await t.request('PUT', `/message/${mid}/edit`, {
      token: bob.token,
      body: 'final',
      headers: { 'content-type': 'text/markdown' },
    });
    expect(res.status).toBe(200);
    const expected = {
      mid,
      created_by: alice.uid,
      created_at: expect.any(Number),
      properties: { local_id: 9 },
      content_type: 'text/markdown',
      content: 'final',
    };
    expect(await sa.waitFor((e) => pinEvent(priv, mid)(e))).toEqual({
      type: 'pinned_message_updated',
      gid: priv,
      mid,
      msg: expected,
    });
    expect(await pinsOf(alice, priv)).toEqual([expected]);
  });

  it('a delete, single or bulk, unpins with msg: null', async () => {
    const one = await say(bob, priv, 'one');
    const two = await say(bob, priv, 'two');
    expect((await pin(alice, priv, { mid: one })).status).toBe(200);
    expect((await pin(alice, priv, { mid: two })).status).toBe(200);
    const sb = await ready(bob);
    expect((await t.request('DELETE', `/message/${one}`, { token: bob.token })).status).toBe(200);
    expect(await sb.waitFor(pinEvent(priv, one))).toMatchObject({ msg: null });
    expect((await t.request('DELETE', `/message/bulk/${two}`, { token: admin.token })).status).toBe(403);
    expect((await t.request('DELETE', `/message/bulk/${two}`, { token: bob.token })).status).toBe(200);
    expect(await sb.waitFor(pinEvent(priv, two))).toMatchObject({ msg: null });
    const left = (await pinsOf(alice, priv)).map((p) => p.mid);
    expect(left).not.toContain(one);
    expect(left).not.toContain(two);
    expect((await pin(alice, priv, { mid: one })).status).toBe(404);
  });
});
