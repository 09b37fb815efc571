/**
 * Two Redis buses on one real Redis, standing in for two nodes; the "database" is a list of records.
 *
 * Marks: nodes turn live again one after another when Redis comes back (realtime/redis-bus.ts). A
 * node still reconnecting commits a send it cannot publish while another node is already live; if
 * no later record follows, nothing on the bus names that mid, and the live node's streams never
 * get it. Each node publishes a mark with the newest committed mid when it turns live, and the
 * others read back what they missed. The failover test's Redis restart showed it as "1 of 240 mids
 * never arrived".
 *
 * Barriers (`settle`): a stream waits for one before `ready`, so that what another node published
 * during its sync is handled while it still counts as syncing.
 */
import Fastify from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { connectRedis } from '../../src/realtime/redis.js';
import { RedisBus } from '../../src/realtime/redis-bus.js';
import type { SequencerSource } from '../../src/realtime/sequencer.js';
import { startRedis } from '../support/redis.js';
import { until } from '../support/until.js';
import { chatEnvelope as chat } from '../support/chat-envelope.js';

const log = Fastify({ logger: false }).log;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
});

async function twoNodes() {
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  const committed: number[] = [];
  const source: SequencerSource = {
    latestMid: async () => committed.at(-1) ?? 0,
    recover: async (after, through) =>
      committed
        .filter((m) => m > after && m <= through)
        .map((m) => chat(m, committed[committed.indexOf(m) - 1] ?? 0)),
  };
  async function node(name: string) {
    const pub = await connectRedis(redis.url, `${name}:pub`);
    const sub = await connectRedis(redis.url, `${name}:sub`);
    const bus = new RedisBus({ pub, sub, channel: 'events', source, beforeLive: async () => {}, log });
    cleanups.push(() => bus.close());
    await bus.start();
    const got: number[] = [];
    await bus.subscribe((e) => void (e.event.type === 'chat' && got.push(e.event.mid)));
    return { bus, pub, sub, got };
  }
  return { redis, committed, a: await node('a'), b: await node('b') };
}

it('a record committed by a node that could not publish it reaches the streams of a node already live', async () => {
  const { committed, a, b } = await twoNodes();

  committed.push(1);
  await a.bus.publish(chat(1, 0));
  await until(() => b.got.includes(1), 'b receives mid 1');

  // A's connection drops: the send it commits meanwhile cannot be published (A is not live).
  let lost = false;
  a.bus.onLost(() => {
    lost = true;
    committed.push(2);
    void a.bus.publish(chat(2, 1));
  });
  a.pub.disconnect(true);
  await until(() => lost && a.bus.isLive(), 'A lost, then live again');
  // B never stopped being live; mid 2 reaches it once, through A's mark.
  await until(() => b.got.includes(2), 'b receives mid 2', 10_000);
  expect(b.got).toEqual([1, 2]);
  expect(b.bus.isLive()).toBe(true);
});

it('settles once what another node published before has been handled, however late it is read', async () => {
  const { a, b } = await twoNodes();
  // B reads nothing off its subscription for now, as a loaded node would.
  b.sub.stream.pause();
  await a.bus.publish(chat(1, 0));
  let settled = false;
  const settling = b.bus.settle().then(() => (settled = true));
  await a.bus.publish(chat(2, 1));
  // B's barrier is in the channel behind mid 1 and cannot have been read back.
  await new Promise((resolve) => setImmediate(resolve));
  expect(settled).toBe(false);
  b.sub.stream.resume();
  await settling;
  expect(b.got).toContain(1);
  // A's own barrier is A's alone: it comes back after both of its records.
  await a.bus.settle();
  expect(a.got).toEqual([1, 2]);
});

it('settles when Redis goes away instead of waiting for a barrier that cannot come back', async () => {
  const { redis, b } = await twoNodes();
  b.sub.stream.pause();
  const settling = b.bus.settle();
  await redis.kill();
  await settling;
  expect(b.bus.isLive()).toBe(false);
  // Not live: nothing to wait for.
  await b.bus.settle();
});
