/**
 * The e-mail digest of missed messages (issue 16; `msg_smtp_notify_enable`,
 * `msg_smtp_notify_delay_seconds`): queued when a user is to be notified, sent through the
 * loopback SMTP server once the delay has passed (the test moves the server's clock), listing
 * what is still unread, with a link that turns the digest off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from './support/cast.js';
import { startMailbox, useMailbox, type Mailbox } from './support/mailbox.js';
import { createUser, startTestServer, type TestServer, type TestUser } from './support/server.js';
import { until } from './support/until.js';

const DELAY_S = 60;
let offset = 0;
let t: TestServer;
let box: Mailbox;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  box = await startMailbox();
  t = await startTestServer({ now: () => Date.now() + offset });
  ({ admin, alice } = await createCast(t));
  await useMailbox(t, admin, box);
  const res = await t.request('PUT', '/admin/system/common', {
    token: admin.token,
    json: { msg_smtp_notify_enable: true, msg_smtp_notify_delay_seconds: DELAY_S },
  });
  expect(res.status, res.text).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await box?.close();
});

async function dm(from: TestUser, to: TestUser, text: string): Promise<number> {
  const res = await t.request('POST', `/user/${to.uid}/send`, {
    token: from.token,
    body: text,
    headers: { 'content-type': 'text/plain' },
  });
  expect(res.status).toBe(200);
  return res.json as number;
}

const digestsOf = async (user: TestUser) =>
  (await t.server.ctx.store.notify.listDeliveries(user.uid, 100)).filter((d) => d.channel === 'email');

/** Waits until the user's digest row is queued (the fan-out ran), then moves the clock past it. */
async function passTheDelay(user: TestUser): Promise<void> {
  await until(async () => (await digestsOf(user)).some((d) => d.status === 'pending'), 'a digest queued');
  offset += (DELAY_S + 1) * 1000;
}

describe('e-mail digest', () => {
  it('one mail after the delay with every missed message, and a link that turns it off', async () => {
    const bob = await createUser(t, 'bob2');
    const first = await dm(alice, bob, 'first news');
    await dm(alice, bob, 'second news');
    await passTheDelay(bob);
    expect((await digestsOf(bob)).map((d) => d.mid)).toEqual([first]);
    const mail = await box.next(bob.email);
    expect(mail.subject).toBe('2 new messages on Parley');
    expect(mail.text).toContain('alice (direct message): first news');
    expect(mail.text).toContain('alice (direct message): second news');
    await until(
      async () => (await digestsOf(bob)).every((d) => d.status === 'delivered'),
      'digest delivered',
    );

    const link = /Stop these e-mails: (\S+)/.exec(mail.text ?? '')![1]!;
    const path = new URL(link, t.url);
    const res = await t.request('GET', `${path.pathname.replace(/^\/api/, '')}${path.search}`);
    expect(res.status, res.text).toBe(200);
    const settings = await t.request('GET', '/user/notify/settings', { token: bob.token });
    expect(settings.json.email_digest).toBe(false);
    const later = await dm(alice, bob, 'no more mail');
    // The message is fanned out (the cursor passes it) without a digest for bob.
    await until(async () => (await t.server.ctx.store.notify.cursor()) >= later, 'fanned out');
    expect((await digestsOf(bob)).map((d) => d.mid)).toEqual([first]);
  });

  it('nothing is sent for messages read in the meantime', async () => {
    const carol = await createUser(t, 'carol2');
    const mid = await dm(alice, carol, 'read me soon');
    await until(async () => (await digestsOf(carol)).length === 1, 'a digest queued');
    const read = await t.request('POST', '/user/read-index', {
      token: carol.token,
      json: { users: [{ uid: alice.uid, mid }] },
    });
    expect(read.status).toBe(200);
    const mails = box.mails.length;
    await passTheDelay(carol);
    await until(async () => (await digestsOf(carol))[0]!.status === 'failed', 'digest withdrawn');
    expect((await digestsOf(carol))[0]!.last_error).toBe('withdrawn');
    expect(box.mails.slice(mails).some((m) => m.text?.includes('read me soon'))).toBe(false);
  });

  it('a forged unsubscribe token is 400 and changes nothing', async () => {
    for (const token of ['1.abc', 'x', `${alice.uid}.${'A'.repeat(43)}`]) {
      const res = await t.request('GET', `/user/notify/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.status, token).toBe(400);
    }
    const settings = await t.request('GET', '/user/notify/settings', { token: alice.token });
    expect(settings.json.email_digest).toBe(true);
  });
});
