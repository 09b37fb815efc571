/**
 * Web Push (issue 16): subscriptions, and notifications that reach a push service stand-in on
 * loopback, encrypted for the subscription (the test decrypts them as the browser would), once per
 * deployment, never to the sender or to a user with an open stream, and never for what the user
 * muted; a gone subscription is dropped and a dead endpoint holds up nobody else.
 */
import type { PushPayload } from '@parley/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { startCastServer } from './support/cast.js';
import { decryptPush, newPushKeys, startPushService, type PushKeys } from './support/push-service.js';
import { streamsClosedAfterEach } from './support/sse.js';
import { createUser, properties, type TestUser } from './support/server.js';
import { until } from './support/until.js';

const keys = new Map<string, PushKeys>();
// Registered first, so it runs after the server closes (afterAll hooks run in reverse).
const push = await startPushService();
afterAll(() => push.stop());
const { t, admin, alice, bob, carol, pub, priv } = await startCastServer({
  env: { PUSH_ALLOW_HTTP: 'true', LOG_LEVEL: process.env.DEBUG_PUSH ? 'warn' : 'silent' },
});

const streams = streamsClosedAfterEach();

/** Subscribes the user's device to the stand-in endpoint `name`. */
async function subscribe(user: TestUser, name: string): Promise<void> {
  const k = newPushKeys();
  keys.set(name, k);
  const res = await t.request('PUT', '/user/push/subscription', {
    token: user.token,
    json: { endpoint: push.endpoint(name), keys: k.json },
  });
  expect(res.status, res.text).toBe(200);
}

/** The payloads that reached endpoint `name`, decrypted with its keys. */
const payloads = (name: string): PushPayload[] =>
  push.pushesTo(name).map((p) => JSON.parse(decryptPush(p.body, keys.get(name)!)) as PushPayload);

async function send(user: TestUser, to: { gid: number } | { uid: number }, text: string, props?: object) {
  const path = 'gid' in to ? `/group/${to.gid}/send` : `/user/${to.uid}/send`;
  const res = await t.request('POST', path, {
    token: user.token,
    body: text,
    headers: { 'content-type': 'text/plain', 'x-properties': props ? properties(props) : '' },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as number;
}

/** Waits until `name` received the message `mid`; returns its payload. */
async function arrived(name: string, mid: number): Promise<PushPayload> {
  await until(() => payloads(name).some((p) => p.mid === mid), `push of ${mid} at ${name}`);
  return payloads(name).find((p) => p.mid === mid)!;
}

/** The mids the user has delivery rows for (what the decider decided). */
const decided = async (user: TestUser) =>
  (await t.server.ctx.store.notify.listDeliveries(user.uid, 1000)).map((d) => d.mid);

describe('subscriptions', () => {
  it('gives the VAPID key, the same on every call, and refuses guests and bad keys', async () => {
    const a = await t.request('GET', '/user/push/vapid_key', { token: alice.token });
    const b = await t.request('GET', '/user/push/vapid_key', { token: bob.token });
    expect(a.status).toBe(200);
    expect(Buffer.from(a.json.public_key as string, 'base64url')).toHaveLength(65);
    expect(b.json).toEqual(a.json);
    const k = newPushKeys().json;
    const bad = [
      { endpoint: 'not a url', keys: k },
      { endpoint: 'ftp://127.0.0.1/x', keys: k },
      { endpoint: push.endpoint('x'), keys: { ...k, auth: 'c2hvcnQ' } },
      { endpoint: push.endpoint('x'), keys: { ...k, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
    ];
    for (const json of bad) {
      const res = await t.request('PUT', '/user/push/subscription', { token: alice.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(await t.server.ctx.store.notify.subscriptionsOf([alice.uid])).toEqual([]);
  });

  it('keeps one subscription per device: subscribing again replaces it, unsubscribing removes it', async () => {
    const dave = await createUser(t, 'dave');
    await subscribe(dave, 'dave-1');
    await subscribe(dave, 'dave-2');
    const subs = await t.server.ctx.store.notify.subscriptionsOf([dave.uid]);
    expect(subs.map((s) => s.endpoint)).toEqual([push.endpoint('dave-2')]);
    expect((await t.request('DELETE', '/user/push/subscription', { token: dave.token })).status).toBe(200);
    expect(await t.server.ctx.store.notify.subscriptionsOf([dave.uid])).toEqual([]);
  });
  it('signing out of the device removes its subscription', async () => {
    const gina = await createUser(t, 'gina');
    await subscribe(gina, 'gina');
    expect((await t.request('GET', '/token/logout', { token: gina.token })).status).toBe(200);
    expect(await t.server.ctx.store.notify.subscriptionsOf([gina.uid])).toEqual([]);
  });
});

describe('delivery', () => {
  it('a DM reaches the offline recipient, encrypted (RFC 8291) and VAPID-signed, with sender, conversation and text', async () => {
    await subscribe(bob, 'bob');
    await subscribe(alice, 'alice');
    const mid = await send(alice, { uid: bob.uid }, 'hello   bob,\nare you there?');
    const payload = await arrived('bob', mid);
    expect(payload).toMatchObject({
      mid,
      from_uid: alice.uid,
      from_name: 'alice',
      target: { uid: alice.uid },
      group_name: null,
      text: 'hello bob, are you there?',
    });
    const request = push
      .pushesTo('bob')
      .find((p) => decryptPush(p.body, keys.get('bob')!).includes(`"mid":${mid}`))!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    // Never the sender.
    expect(await decided(alice)).not.toContain(mid);
  });

  it('channel messages reach members with the channel name; exactly once in a cluster', async () => {
    const mid = await send(alice, { gid: priv }, 'in the inner circle');
    const payload = await arrived('bob', mid);
    expect(payload).toMatchObject({ target: { gid: priv }, group_name: 'inner', from_uid: alice.uid });
    // A later message as a barrier: once it arrived, every node has had its chance to send the first.
    const barrier = await send(alice, { uid: bob.uid }, 'barrier');
    await arrived('bob', barrier);
    expect(payloads('bob').filter((p) => p.mid === mid)).toHaveLength(1);
    expect(await decided(carol)).not.toContain(mid);
  });

  it('nothing while the user has an open stream, on whichever node', async () => {
    const s = await streams.ready(t.url, bob.token);
    const mid = await send(alice, { uid: bob.uid }, 'you are online');
    await s.waitFor((e) => e.type === 'chat' && e.mid === mid);
    // The decision is made when the record is fanned out: keep the stream open until then.
    await until(async () => (await t.server.ctx.store.notify.cursor()) >= mid, 'fanned out');
    s.close();
    await until(async () => (await t.server.ctx.presence.streams(bob.uid)) === 0, 'bob offline');
    const barrier = await send(alice, { uid: bob.uid }, 'now you are not');
    await arrived('bob', barrier);
    expect(await decided(bob)).not.toContain(mid);
  });

  it('a muted channel sends nothing; the mentions level only DMs and mentions', async () => {
    expect(
      (await t.request('POST', '/user/mute', { token: bob.token, json: { add_groups: [{ gid: priv }] } }))
        .status,
    ).toBe(200);
    const muted = await send(alice, { gid: priv }, 'muted @bob', { mentions: [bob.uid] });
    const level = await t.request('PUT', '/user/notify/settings', {
      token: bob.token,
      json: { level: 'mentions', overrides: [], quiet_hours: null, email_digest: true },
    });
    expect(level.status).toBe(200);
    const plain = await send(admin, { gid: pub }, 'hello everyone');
    const mention = await send(admin, { gid: pub }, `hi @${bob.uid} `, { mentions: [bob.uid] });
    await arrived('bob', mention);
    const barrier = await send(alice, { uid: bob.uid }, 'barrier');
    await arrived('bob', barrier);
    const mids = await decided(bob);
    expect(mids).not.toContain(muted);
    expect(mids).not.toContain(plain);
    await t.request('POST', '/user/mute', { token: bob.token, json: { remove_groups: [priv] } });
    await t.request('PUT', '/user/notify/settings', {
      token: bob.token,
      json: { level: 'all', overrides: [], quiet_hours: null, email_digest: true },
    });
  });

  it('a gone subscription (410) is dropped; a dead endpoint holds up nobody else', async () => {
    const erin = await createUser(t, 'erin');
    const frank = await createUser(t, 'frank');
    await subscribe(erin, 'erin');
    await subscribe(frank, 'frank');
    push.answer('erin', 410);
    push.answer('frank', 'hang');
    await send(alice, { uid: erin.uid }, 'are you still there?');
    await until(
      async () => (await t.server.ctx.store.notify.subscriptionsOf([erin.uid])).length === 0,
      'the 410 subscription dropped',
    );
    await send(alice, { uid: frank.uid }, 'this one hangs');
    const mid = await send(alice, { uid: bob.uid }, 'and this one arrives');
    await arrived('bob', mid);
    // The hung attempt would hold the server's close for its 10 s timeout: it ends now, as gone
    // (so nothing is retried), once it has held up nobody.
    push.answer('frank', 410);
    await until(
      async () => (await t.server.ctx.store.notify.subscriptionsOf([frank.uid])).length === 0,
      'the hung attempt answered',
    );
  });

  it('an edit updates the notification, a delete withdraws it, on the subscriptions that were notified', async () => {
    const mid = await send(alice, { uid: bob.uid }, 'typo here');
    await arrived('bob', mid);
    const edit = await t.request('PUT', `/message/${mid}/edit`, {
      token: alice.token,
      body: 'no typo here',
      headers: { 'content-type': 'text/plain' },
    });
    expect(edit.status, edit.text).toBe(200);
    await until(() => payloads('bob').some((p) => p.mid === mid && p.kind === 'edit'), 'the edit');
    expect(payloads('bob').find((p) => p.mid === mid && p.kind === 'edit')!.text).toBe('no typo here');
    expect((await t.request('DELETE', `/message/${mid}`, { token: alice.token })).status).toBe(200);
    await until(() => payloads('bob').some((p) => p.mid === mid && p.kind === 'withdraw'), 'the withdrawal');
    // Nobody else had been notified of it.
    expect(payloads('alice').filter((p) => p.mid === mid)).toEqual([]);
  });

  it('a message that burns after reading is announced without its text', async () => {
    const res = await t.request('POST', '/user/burn-after-reading', {
      token: alice.token,
      json: { users: [{ uid: bob.uid, expires_in: 3600 }] },
    });
    expect(res.status).toBe(200);
    const mid = await send(alice, { uid: bob.uid }, 'secret');
    expect((await arrived('bob', mid)).text).toBe('');
    await t.request('POST', '/user/burn-after-reading', {
      token: alice.token,
      json: { users: [{ uid: bob.uid, expires_in: 0 }] },
    });
  });
});
