/**
 * Outbound webhooks (API.md §10.3) and Parley's additions: the URL is checked when set (406), a
 * bot receives each chat record it can see, signed with its secret, and answers through the bot
 * API; failures are retried three times a second apart and logged; deliveries survive a restart
 * and go out once per deployment, not once per node.
 */
import { WEBHOOK_HEADERS } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import { createBot, signatureValid, startWebhookReceiver, type WebhookReceiver } from './support/bots.js';
import {
  createAdmin,
  createChannel,
  createUser,
  sendText,
  startTestServer,
  useTestServer,
  type TestServer,
  type TestUser,
} from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';
import { until } from './support/until.js';

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
const receiver = async () => {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
};

interface Log {
  mid: number;
  status: string;
  attempts: number;
  last_status: number | null;
}
const deliveryLog = async (t: TestServer, admin: TestUser, uid: number) =>
  (await t.request('GET', `/admin/bot/${uid}/deliveries`, { token: admin.token })).json as Log[];

describe('webhooks', () => {
  const t = useTestServer();
  const streams = streamsClosedAfterEach();
  let admin: TestUser | undefined;
  const theAdmin = async () => (admin ??= await createAdmin(t));

  it('are checked with a GET when set: 200 is required, else 406; a malformed URL is 400', async () => {
    const a = await theAdmin();
    const hook = await receiver();
    const bot = await createBot(t, a);
    const set = (url: string | null) =>
      t.request('PUT', `/admin/user/${bot.uid}`, { token: a.token, json: { webhook_url: url } });
    hook.status = 200;
    await hook.down();
    expect((await set(hook.url)).status).toBe(406);
    expect((await set('ftp://example.com/x')).status).toBe(400);
    expect((await set('not a url')).status).toBe(400);
    await hook.up();
    const ok = await set(hook.url);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ uid: bot.uid, webhook_url: hook.url });
    const got = await t.request('GET', `/admin/bot/${bot.uid}/webhook`, { token: a.token });
    expect(got.json).toEqual({ webhook_url: hook.url, secret: expect.stringMatching(/^whsec_/) });
    expect((await set(null)).json).toMatchObject({ webhook_url: null });
    const person = await createUser(t, 'nosy');
    expect((await t.request('GET', `/admin/bot/${bot.uid}/webhook`, { token: person.token })).status).toBe(
      403,
    );
  });

  it('deliver a message to a bot, signed; the bot answers through the bot API and the answer reaches the user', async () => {
    const a = await theAdmin();
    const hook = await receiver();
    const bot = await createBot(t, a, { webhookUrl: hook.url });
    const { secret } = (await t.request('GET', `/admin/bot/${bot.uid}/webhook`, { token: a.token })).json as {
      secret: string;
    };
    const gid = await createChannel(t, a, { name: 'echo', is_public: true });
    const person = await createUser(t, 'asker');
    const stream = await streams.ready(t.url, person.token);

    // The bot: verifies each delivery and echoes what people say (never its own messages).
    hook.onDelivery = async (d) => {
      if (!signatureValid(d, secret) || d.record.from_uid === bot.uid) return;
      if (d.record.detail.type !== 'normal') return;
      await fetch(`${t.url}/api/bot/send_to_group/${gid}`, {
        method: 'POST',
        headers: { 'x-api-key': bot.key, 'content-type': 'text/plain' },
        body: `echo: ${d.record.detail.content}`,
      });
    };
    const mid = (await sendText(t, person, { gid }, 'ping')).json as number;
    const answer = await stream.waitFor(
      (e) => e.type === 'chat' && e.from_uid === bot.uid && e.detail.type === 'normal',
      10_000,
    );
    expect(answer).toMatchObject({ target: { gid }, detail: { content: 'echo: ping' } });

    const first = hook.deliveries.find((d) => d.record.mid === mid)!;
    expect(signatureValid(first, secret)).toBe(true);
    expect(signatureValid(first, 'whsec_wrong')).toBe(false);
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers[WEBHOOK_HEADERS.delivery]).toMatch(/^\d+$/);
    expect(Math.abs(Number(first.headers[WEBHOOK_HEADERS.timestamp]) - Date.now())).toBeLessThan(60_000);
    // The body is the ChatMessage without a top-level `type` (API.md §6.3).
    expect(JSON.parse(first.body)).toEqual({
      mid,
      from_uid: person.uid,
      created_at: expect.any(Number),
      target: { gid },
      detail: expect.objectContaining({ type: 'normal', content: 'ping', content_type: 'text/plain' }),
    });
    await until(
      async () => (await deliveryLog(t, a, bot.uid)).some((l) => l.mid === mid && l.status === 'delivered'),
      'the delivery is logged',
    );
  });

  it('reach only bots that can see the record', async () => {
    const a = await theAdmin();
    const hook = await receiver();
    const outside = await createBot(t, a, { webhookUrl: hook.url });
    const person = await createUser(t, 'private');
    const gid = await createChannel(t, a, { name: 'closed hook', is_public: false, members: [person.uid] });
    const hidden = (await sendText(t, person, { gid }, 'secret')).json as number;
    const dm = (await sendText(t, person, { uid: outside.uid }, 'to the bot')).json as number;
    await until(() => hook.deliveries.some((d) => d.record.mid === dm), 'the DM is delivered');
    await until(
      async () => (await deliveryLog(t, a, outside.uid)).every((l) => l.status !== 'pending'),
      'nothing pending',
    );
    expect(hook.deliveries.map((d) => d.record.mid)).not.toContain(hidden);
  });

  it('are tried three times a second apart, and logged as failed after that', async () => {
    const a = await theAdmin();
    const hook = await receiver();
    const bot = await createBot(t, a, { webhookUrl: hook.url });
    hook.status = 500;
    const person = await createUser(t, 'retry');
    const mid = (await sendText(t, person, { uid: bot.uid }, 'try me')).json as number;
    await until(
      async () => (await deliveryLog(t, a, bot.uid)).some((l) => l.mid === mid && l.status === 'failed'),
      'three failed attempts',
      15_000,
    );
    const tries = hook.deliveries.filter((d) => d.record.mid === mid);
    expect(tries).toHaveLength(3);
    const times = tries.map((d) => Number(d.headers[WEBHOOK_HEADERS.timestamp]));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1_000);
    expect((await deliveryLog(t, a, bot.uid)).find((l) => l.mid === mid)).toMatchObject({
      attempts: 3,
      last_status: 500,
    });
  });

  it('start with the records after the URL is set, and are signed with the new secret once it is rotated', async () => {
    const a = await theAdmin();
    const hook = await receiver();
    const person = await createUser(t, 'history');
    const bot = await createBot(t, a);
    const before = (await sendText(t, person, { uid: bot.uid }, 'before the webhook')).json as number;
    const set = await t.request('PUT', `/admin/user/${bot.uid}`, {
      token: a.token,
      json: { webhook_url: hook.url },
    });
    expect(set.status).toBe(200);
    const rotated = await t.request('POST', `/admin/bot/${bot.uid}/webhook/secret`, { token: a.token });
    const { secret } = rotated.json as { secret: string };
    const after = (await sendText(t, person, { uid: bot.uid }, 'after the webhook')).json as number;
    await until(() => hook.deliveries.some((d) => d.record.mid === after), 'the new record is delivered');
    expect(hook.deliveries.map((d) => d.record.mid)).not.toContain(before);
    expect(
      signatureValid(
        hook.deliveries.find((d) => d.record.mid === after)!,
        secret,
      ),
    ).toBe(true);
  });

  it('go out once per deployment, however many nodes run', async () => {
    const a = await theAdmin();
    const hook = await receiver();
    const bot = await createBot(t, a, { webhookUrl: hook.url });
    const person = await createUser(t, 'burst');
    const mids: number[] = [];
    for (let i = 0; i < 12; i++)
      mids.push((await sendText(t, person, { uid: bot.uid }, `n${i}`)).json as number);
    await until(
      async () => {
        const log = await deliveryLog(t, a, bot.uid);
        return mids.every((m) => log.some((l) => l.mid === m && l.status === 'delivered'));
      },
      'every message delivered',
      15_000,
    );
    const counts = mids.map((m) => hook.deliveries.filter((d) => d.record.mid === m).length);
    expect(counts).toEqual(mids.map(() => 1));
  });
});

describe('a restart', () => {
  it('keeps queued deliveries: a receiver that was down gets them afterwards', async () => {
    const t = await startTestServer();
    try {
      const a = await createAdmin(t);
      const hook = await receiver();
      const bot = await createBot(t, a, { webhookUrl: hook.url });
      const person = await createUser(t, 'restart');
      await hook.down();
      const mid = (await sendText(t, person, { uid: bot.uid }, 'while you were out')).json as number;
      // Every node stops; the receiver comes back while they are down.
      for (const node of t.nodes) await node.close();
      await hook.up();
      const restarted = await buildServer({ config: t.server.ctx.config, store: t.db.store });
      try {
        await until(
          () => hook.deliveries.some((d) => d.record.mid === mid),
          'the delivery after the restart',
          10_000,
        );
        // The receiver has it before the outcome is stored: wait for the log too.
        await until(
          async () =>
            (await restarted.ctx.store.bots.listDeliveries(bot.uid, 10)).some(
              (l) => l.mid === mid && l.status === 'delivered',
            ),
          'the delivery is logged as delivered',
        );
        // Sent once: not again by the stopped nodes, not twice after the restart.
        expect(hook.deliveries.filter((d) => d.record.mid === mid)).toHaveLength(1);
      } finally {
        await restarted.close();
      }
    } finally {
      await t.close();
    }
  });
});
