/**
 * One Parley node for `bench/cluster.mjs`, driven over IPC like `host.mjs`. `start(env)` does what
 * `packages/server/dist/main.js` does with that environment (loadConfig → buildServer → listen,
 * on 127.0.0.1 and a free port): `DATABASE_URL` + `REDIS_URL` is a scaled node, `DATABASE_URL`
 * alone a single node on PostgreSQL with the in-process bus.
 *
 * It reports its own memory, CPU time and event-loop delay, and times a few steps of the send path
 * by wrapping instance methods at runtime (the server code is untouched). Sends go through
 * `ctx.sends` (services/send-queue.ts, group commit): whoever takes the send lock commits every
 * send queued by then in one transaction and publishes them in mid order before letting go.
 *   lockWait     lock.run called → lock held (in scaled mode: the advisory-lock round trip)
 *   lockHold     lock held, per batch: commit, previous-mid read, the batch's publishes
 *   batch        sends per batch
 *   commit       messages.insertMany: one send batch's transaction
 *   publish      bus.publish of one chat event until it resolves (Redis: the PUBLISH round trip;
 *                in-process: the synchronous delivery to this node's streams)
 *   fanout       this node's hub delivering chat events to its streams, until the sockets are
 *                written (as `flush` in host.mjs), per burst: the Redis bus can hand several
 *                events over in one tick, and node:http then writes them to a stream with one writev
 *   fanoutBurst  chat events per burst
 */
import { performance } from 'node:perf_hooks';
import { serveIpc } from './ipc.mjs';
import { importDist, mintSessions, NO_LIMITS_ENV } from './parley-dist.mjs';
import { serverPhases, timeAsync } from './server-phases.mjs';
import { summarize } from './stats.mjs';

/** Steps summed as well: per-message costs are sums over a phase divided by its sends. */
const withSum = (xs) => ({ ...summarize(xs), sum: xs.reduce((a, b) => a + b, 0) });
const phases = serverPhases(['lockWait', 'lockHold', 'batch', 'commit', 'publish', 'fanout', 'fanoutBurst'], {
  summarizeFn: withSum,
});
const record = phases.record;

let parley;
const instrumented = [];

function wrapAsync(obj, method, name, filter) {
  if (timeAsync(obj, method, (ms) => record(name, ms), filter)) instrumented.push(name);
}

function instrument(ctx) {
  const sends = ctx.sends;
  // `sendLock` in ctx: the code before group commit (one send per lock hold).
  const lock = sends?.lock ?? ctx.sendLock;
  if (lock && typeof lock.run === 'function') {
    const run = lock.run.bind(lock);
    lock.run = (fn) => {
      const t0 = performance.now();
      return run(async () => {
        const t1 = performance.now();
        record('lockWait', t1 - t0);
        try {
          return await fn();
        } finally {
          record('lockHold', performance.now() - t1);
        }
      });
    };
    instrumented.push('lockWait', 'lockHold');
  }
  if (sends && typeof sends.commitAndPublish === 'function') {
    const commitAndPublish = sends.commitAndPublish.bind(sends);
    sends.commitAndPublish = (batch) => {
      record('batch', batch.length);
      return commitAndPublish(batch);
    };
    instrumented.push('batch');
  }
  wrapAsync(ctx.store.messages, 'insertMany', 'commit');
  wrapAsync(ctx.bus, 'publish', 'publish', (envelope) => envelope?.event?.type === 'chat');
  // The hub's subscription: both buses keep their handlers in a Set named `handlers`. Wrapped in
  // place, so delivery order is unchanged; skipped if that ever changes.
  const handlers = ctx.bus?.handlers;
  if (handlers instanceof Set) {
    let burst = null;
    for (const h of [...handlers]) {
      handlers.delete(h);
      handlers.add((envelope) => {
        if (envelope?.event?.type !== 'chat') return h(envelope);
        const first = burst === null;
        if (first) burst = { t0: performance.now(), n: 0 };
        burst.n += 1;
        const r = h(envelope);
        if (first) {
          // node:http uncorks each response in a nextTick queued during the first write loop, and
          // events delivered in the same tick (microtasks included) join the corked writes; this
          // nextTick, queued after that loop, runs once they are all written.
          const b = burst;
          process.nextTick(() => {
            burst = null;
            record('fanout', performance.now() - b.t0);
            record('fanoutBurst', b.n);
          });
        }
        return r;
      });
    }
    instrumented.push('fanout');
  }
}

serveIpc({
  /** `env`: DATABASE_URL, REDIS_URL (optional), DATA_DIR. Returns the port once listening. */
  async start(env) {
    const { buildServer } = await importDist('app.js');
    const { loadConfig } = await importDist('config/index.js');
    parley = await buildServer({
      config: loadConfig({ LOG_LEVEL: 'warn', ...NO_LIMITS_ENV, ...env, HOST: '127.0.0.1', PORT: '0' }),
    });
    instrument(parley.ctx);
    await parley.app.listen({ port: 0, host: '127.0.0.1' });
    return {
      port: parley.app.server.address().port,
      pid: process.pid,
      mode: env.REDIS_URL ? 'scaled' : 'postgres, in-process bus',
      instrumented,
    };
  },

  streams: () => parley.hub.connectionCount(),
  ...phases.commands,

  /** Stream tokens for one user's devices, as host.mjs mints them (see parley-dist.mjs). */
  mintSessions: (uid, prefix, count) => mintSessions(parley, uid, prefix, count),

  async stop() {
    await parley?.close();
    return true;
  },
});
