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
 *   commit       store.transaction (on the measured paths only send batches open transactions)
 *   publish      bus.publish of one chat event until it resolves (Redis: the PUBLISH round trip;
 *                in-process: the synchronous delivery to this node's streams)
 *   fanout       this node's hub delivering chat events to its streams, until the sockets are
 *                written (as `flush` in host.mjs), per burst: the Redis bus can hand several
 *                events over in one tick, and node:http then writes them to a stream with one writev
 *   fanoutBurst  chat events per burst
 */
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serveIpc } from './ipc.mjs';
import { summarize } from './stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDist = path.join(root, 'packages/server/dist');
const imp = (rel) => import(pathToFileURL(path.join(serverDist, rel)).href);

const eld = monitorEventLoopDelay({ resolution: 5 });
eld.enable();

const KINDS = ['lockWait', 'lockHold', 'batch', 'commit', 'publish', 'fanout', 'fanoutBurst'];
const MAX_SAMPLES = 200_000;
const fresh = () => Object.fromEntries(KINDS.map((k) => [k, []]));
let samples = fresh();
let phase = { cpu: process.cpuUsage(), t: performance.now() };
const record = (name, ms) => {
  if (samples[name].length < MAX_SAMPLES) samples[name].push(ms);
};
const withSum = (xs) => ({ ...summarize(xs), sum: xs.reduce((a, b) => a + b, 0) });

let parley;
const instrumented = [];

function wrapAsync(obj, method, name, filter = () => true) {
  if (!obj || typeof obj[method] !== 'function') return;
  const orig = obj[method].bind(obj);
  obj[method] = async (...args) => {
    if (!filter(...args)) return orig(...args);
    const t0 = performance.now();
    try {
      return await orig(...args);
    } finally {
      record(name, performance.now() - t0);
    }
  };
  instrumented.push(name);
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
  wrapAsync(ctx.store, 'transaction', 'commit');
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
    const { buildServer } = await imp('app.js');
    const { loadConfig } = await imp('config/index.js');
    parley = await buildServer({
      config: loadConfig({ LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: '0' }),
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

  async memory(collect = true) {
    if (collect && globalThis.gc) {
      for (let i = 0; i < 3; i++) {
        globalThis.gc();
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external };
  },

  cpuTotal() {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  },

  phaseStart() {
    eld.reset();
    samples = fresh();
    phase = { cpu: process.cpuUsage(), t: performance.now() };
    return true;
  },

  phaseEnd() {
    const c = process.cpuUsage(phase.cpu);
    return {
      cpuMs: (c.user + c.system) / 1000,
      wallMs: performance.now() - phase.t,
      eventLoopDelayP99Ms: eld.percentile(99) / 1e6,
      ...Object.fromEntries(KINDS.map((k) => [`${k}Ms`, withSum(samples[k])])),
    };
  },

  /** Sessions for `count` devices of one user, as `host.mjs` mints them (issueSession, no argon2). */
  async mintSessions(uid, prefix, count) {
    const { issueSession } = await imp('services/sessions.js');
    const user = await parley.ctx.store.users.get(uid);
    if (!user) throw new Error(`no user ${uid}`);
    const tokens = [];
    for (let i = 0; i < count; i += 500) {
      await parley.ctx.store.transaction(async (tx) => {
        for (let k = i; k < Math.min(count, i + 500); k++) {
          tokens.push((await issueSession({ ...parley.ctx, store: tx }, user, `${prefix}-${k}`, null)).token);
        }
      });
    }
    return tokens;
  },

  async stop() {
    await parley?.close();
    return true;
  },
});
