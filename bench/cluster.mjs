#!/usr/bin/env node
/**
 * Parley scaled-mode benchmark (docs/benchmarks.md, "Scaled mode"). Like bench/run.mjs, every
 * figure is printed next to a limit measured in the same run with the same client code:
 *
 *   1. fan-out latency    2 scaled nodes (A, B) on one PostgreSQL + Redis: N streams on B, sends to
 *                         A (cross-node) and to B (same node, still through Redis), against a single
 *                         node C on the same PostgreSQL without Redis (in-process bus)
 *   2. send throughput    K senders on C, on A alone, and spread over A and B, against a tight
 *                         INSERT+COMMIT loop on the same PostgreSQL (1 and K clients), a replay of
 *                         one send's statements without HTTP (a batch of one), and the Redis PUBLISH
 *                         round trip
 *   3. memory per stream  RSS/heap of scaled node B and of C before and after opening N streams
 *
 * Processes: this orchestrator (idle while measuring); PostgreSQL, Redis, the nodes (one process
 * each, bench/lib/cluster-node.mjs) and the limit loops (bench/lib/cluster-limits.mjs) pinned to
 * CPU 0; the load client (bench/lib/cluster-client.mjs: all streams and senders) pinned to CPU 1.
 *
 *   npm run bench:cluster                 full run (~4 min on 2 cores)
 *   BENCH_QUICK=1 npm run bench:cluster   small sizes (~1 min)
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { login, setupChannel, tokenMinter, waitReady } from './lib/api.mjs';
import { benchConfig, QUICK, streamLevels } from './lib/env.mjs';
import { Children } from './lib/ipc.mjs';
import { perCpuMs, startPostgres, startRedis, treeCpuMs, versions } from './lib/cluster-services.mjs';
import { describeMachine, machineBusyMs, noiseDuring, otherCpuPctNow } from './lib/machine.mjs';
import { report } from './lib/cluster-report.mjs';
import { f0 } from './lib/report.mjs';
import { reprint, saveRun } from './lib/results.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const env = process.env;

// Counts below 1 are dropped: a fan-out needs streams and a throughput point needs senders.
const cfg = benchConfig({
  streams: QUICK ? [50, 200] : [200, 1000],
  senders: [1, 8, 32],
  throughputStreams: 200,
  maxSeconds: QUICK ? 180 : 480,
  minCount: 1,
});
const levels = streamLevels(cfg);

const t0 = performance.now();
const log = (...a) => console.log(`[cluster ${((performance.now() - t0) / 1000).toFixed(1)}s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SERVER_CPU = 0;
const CLIENT_CPU = 1;

// ------------------------------------------------------------------ processes and cleanup ---------

const children = new Children(path.join(here, 'lib'), { pin: cfg.pin });
const svc = { pg: null, redis: null, tmp: null };
const start = (script, cpu, label) => children.start(script, cpu, label);
const stop = (child) => children.stop(child);

/** Every child by its pid, then Redis (our child), PostgreSQL (pg_ctl stop) and the temp dir. */
let cleaning = null;
let interrupted = false;
function cleanup() {
  cleaning ??= (async () => {
    await children.stopAll();
    if (svc.redis) {
      svc.redis.stop();
      await Promise.race([svc.redis.exited, sleep(5000)]);
    }
    svc.pg?.stop();
    if (svc.tmp && env.BENCH_KEEP !== '1') rmSync(svc.tmp, { recursive: true, force: true });
  })();
  return cleaning;
}
// Last resort (synchronous) when the process exits any other way.
process.on('exit', () => {
  for (const c of children.live) {
    try {
      process.kill(c.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  svc.redis?.stop();
  svc.pg?.stop();
  if (svc.tmp && env.BENCH_KEEP !== '1') rmSync(svc.tmp, { recursive: true, force: true });
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    interrupted = true;
    console.error(`\nbench: ${signal}, stopping every process of this run`);
    cleanup().finally(() => process.exit(code));
  });
}
const watchdog = setTimeout(() => {
  console.error(`bench: exceeded BENCH_MAX_SECONDS=${cfg.maxSeconds}; stopping`);
  cleanup().finally(() => process.exit(1));
}, cfg.maxSeconds * 1000);

// ---------------------------------------------------------------------- HTTP set-up ---------

/** Admin, one public channel and the reader users, over HTTP (once: all nodes share the database). */
async function setupData(port) {
  const { adminUid, gid, readers } = await setupChannel(port, cfg.readers);
  log(`set up: admin uid ${adminUid}, channel ${gid}, ${readers.length} reader users`);
  return { adminUid, gid, readers };
}

/** N stream tokens spread over the reader users, minted by `node` just before use. */
const mint = tokenMinter();
const tokensFor = (node, readers, n) => mint(node.host, readers, n);

async function startNode(label, nodeEnv) {
  const host = start('cluster-node.mjs', SERVER_CPU, label);
  const info = await host.call('start', [nodeEnv], 120_000);
  const ready = await waitReady(info.port, label);
  log(`${label}: ${info.mode}, port ${info.port}, pid ${info.pid}, /ready ${JSON.stringify(ready.checks)}`);
  return { label, host, ...info };
}
async function stopNode(node) {
  await node.host.call('stop', [], 30_000).catch((err) => log(`${node.label}: stop failed: ${err.message}`));
  await stop(node.host);
}

// ------------------------------------------------------------------------ measures ---------

/**
 * Runs `fn` as one measured phase: each node's CPU, event-loop delay and send-path timings, the
 * busy share of each CPU, and the CPU time of PostgreSQL (postmaster and backends) and Redis.
 */
async function phase(nodes, fn) {
  await Promise.all(nodes.map((n) => n.host.call('phaseStart')));
  const c0 = perCpuMs();
  const pg0 = treeCpuMs(svc.pg.pid);
  const r0 = treeCpuMs(svc.redis.pid);
  const w0 = performance.now();
  const r = await fn();
  const wallMs = performance.now() - w0;
  const c1 = perCpuMs();
  const pg1 = treeCpuMs(svc.pg.pid);
  const r1 = treeCpuMs(svc.redis.pid);
  const server = {};
  for (const n of nodes) server[n.label] = await n.host.call('phaseEnd');
  const pct = (i) =>
    c0[i] && c1[i]
      ? ((c1[i].busyMs - c0[i].busyMs) / Math.max(1, c1[i].totalMs - c0[i].totalMs)) * 100
      : null;
  const cpu = {
    wallMs,
    cpu0Pct: pct(SERVER_CPU),
    cpu1Pct: pct(CLIENT_CPU),
    nodesMs: Object.values(server).reduce((a, s) => a + s.cpuMs, 0),
    pgMs: pg0 == null || pg1 == null ? null : pg1 - pg0,
    redisMs: r0 == null || r1 == null ? null : r1 - r0,
  };
  return { ...r, server, cpu };
}

async function throughputSet(ctx, level) {
  const { client, limits, nodes, tpConfigs, data, token } = ctx;
  const out = [];
  for (const concurrency of cfg.senders) {
    for (const conf of tpConfigs) {
      if (conf.ports.length > concurrency) continue; // one sender cannot be spread over two nodes
      const before = await limits.call('countMessages');
      const r = await phase(nodes, () =>
        client.call(
          'throughput',
          [
            {
              gid: data.gid,
              token,
              concurrency,
              ports: conf.ports,
              durationMs: cfg.durationMs,
              maxRequests: cfg.maxRequests,
              textBytes: cfg.textBytes,
            },
          ],
          cfg.durationMs + 60_000,
        ),
      );
      const rowsAdded = (await limits.call('countMessages')) - before;
      const row = {
        config: conf.name,
        streamsTarget: level,
        ...r,
        rowsAdded,
        rowsMatchAcks: rowsAdded === r.ok,
      };
      out.push(row);
      log(
        `throughput ${conf.name} K=${concurrency} N=${r.streams}: ${r.perSec.toFixed(0)} sends/s, ack p50 ` +
          `${r.ackMs.p50?.toFixed(1)} ms, CPU0 ${r.cpu.cpu0Pct?.toFixed(0)}%, rows ${rowsAdded} ` +
          `(${row.rowsMatchAcks ? '= acks' : 'MISMATCH'})${Object.keys(r.failed).length ? ` failed ${JSON.stringify(r.failed)}` : ''}`,
      );
      // Let the last fan-outs drain before the next point.
      await sleep(300);
    }
  }
  return out;
}

async function fanoutOne(ctx, conf, variant, concurrency) {
  const { client, nodes, data, token } = ctx;
  const r = await phase(nodes, () =>
    client.call(
      'fanout',
      [
        {
          gid: data.gid,
          token,
          messages: cfg.messages,
          concurrency,
          ports: conf.ports,
          textBytes: cfg.textBytes,
          waitMs: 5000,
        },
      ],
      240_000,
    ),
  );
  log(
    `fan-out ${conf.name} N=${r.streams} ${variant}: last p50 ${r.lastMs.p50?.toFixed(1)} / p99 ` +
      `${r.lastMs.p99?.toFixed(1)} ms, per stream p50 ${r.perStreamMs.p50?.toFixed(1)} ms, complete ${r.complete}/${r.messages}`,
  );
  return { config: conf.name, variant, ...r };
}

/**
 * Throughput with no streams, then streams ramped up on `streamNode`: fan-out at each level of
 * cfg.streams (every fan-out config, sequential then concurrent), throughput again at
 * cfg.throughputStreams.
 */
async function measureSet(ctx) {
  const { client, streamNode, mintNode, fanConfigs, tpConfigs, data, token } = ctx;
  const out = { throughput: [], fanout: [], opens: [] };
  // Warm-up (JIT, pools, prepared paths), discarded.
  const allPorts = [...new Set(tpConfigs.flatMap((c) => c.ports))];
  await client.call('throughput', [
    {
      gid: data.gid,
      token,
      concurrency: 2 * allPorts.length,
      ports: allPorts,
      durationMs: 300,
      maxRequests: 2000,
      textBytes: cfg.textBytes,
    },
  ]);
  out.throughput.push(...(await throughputSet(ctx, 0)));
  let open = 0;
  for (const level of levels) {
    const tokens = await tokensFor(mintNode, data.readers, level - open);
    const o = await client.call('openStreams', [streamNode.port, tokens], 300_000);
    open = o.openNow;
    out.opens.push({ level, ...o });
    log(
      `streams on ${streamNode.label}: ${o.ready}/${o.requested} opened in ${o.ms.toFixed(0)} ms, ${open} open`,
      o.errors,
    );
    await sleep(500);
    if (cfg.streams.includes(level)) {
      for (const [variant, concurrency] of [
        ['sequential', 1],
        ['concurrent', cfg.fanoutSenders],
      ]) {
        for (const conf of fanConfigs)
          out.fanout.push({ level, ...(await fanoutOne(ctx, conf, variant, concurrency)) });
      }
    }
    if (level === cfg.throughputStreams) out.throughput.push(...(await throughputSet(ctx, level)));
  }
  await client.call('closeStreams');
  for (let i = 0; i < 100 && (await streamNode.host.call('streams')) > 0; i++) await sleep(50);
  return out;
}

/**
 * Memory per idle stream on a node that has carried no message traffic yet: all tokens minted
 * first, 20 warm-up streams opened and closed, then RSS and heap after gc at 0 streams and at
 * four equal steps up to the largest N (as in run.mjs).
 */
async function memoryPass(client, node, mintNode, readers) {
  const maxN = Math.max(...cfg.streams);
  const steps = [...new Set([1, 2, 3, 4].map((i) => Math.round((maxN * i) / 4)).filter((n) => n > 0))];
  const warm = await tokensFor(mintNode, readers, 20);
  const tokens = await tokensFor(mintNode, readers, maxN);
  await client.call('openStreams', [node.port, warm], 60_000);
  await client.call('closeStreams');
  for (let i = 0; i < 100 && (await node.host.call('streams')) > 0; i++) await sleep(50);
  // Baseline once RSS has settled (a node that just started still returns pages for a while).
  let base = await node.host.call('memory');
  for (let i = 0; i < 8; i++) {
    await sleep(300);
    const next = await node.host.call('memory');
    const settled = Math.abs(next.rss - base.rss) < 256 * 1024;
    base = next;
    if (settled) break;
  }
  const points = [{ streams: 0, ...base }];
  const opens = [];
  let open = 0;
  for (const step of steps) {
    const o = await client.call('openStreams', [node.port, tokens.slice(open, step)], 300_000);
    opens.push(o);
    open = o.openNow;
    await sleep(500);
    points.push({
      streams: open,
      serverStreams: await node.host.call('streams'),
      ...(await node.host.call('memory')),
    });
  }
  log(
    `memory ${node.label}: ${points.map((p) => `${p.streams}:${(p.rss / 2 ** 20).toFixed(1)}MB`).join(' ')}`,
  );
  await client.call('closeStreams');
  for (let i = 0; i < 100 && (await node.host.call('streams')) > 0; i++) await sleep(50);
  return { node: node.label, points, opens };
}

async function runLimits(limits, data, tag) {
  const common = {
    durationMs: cfg.durationMs,
    gid: data.gid,
    fromUid: data.adminUid,
    textBytes: cfg.textBytes,
  };
  const out = { tag, pgTight: [] };
  for (const clients of [...new Set([1, ...cfg.senders])]) {
    const r = await limits.call('pgTight', [{ ...common, clients }], cfg.durationMs + 60_000);
    out.pgTight.push(r);
    log(
      `limit (${tag}) PostgreSQL INSERT+COMMIT, ${clients} client(s): ${r.rowsPerSec.toFixed(0)}/s, p50 ${r.commitMs.p50?.toFixed(2)} ms`,
    );
  }
  out.replay = await limits.call('replay', [common], cfg.durationMs + 60_000);
  log(
    `limit (${tag}) send-statement replay: ${out.replay.perSec.toFixed(0)}/s, p50 ${out.replay.sendMs.p50?.toFixed(2)} ms`,
  );
  out.redis = await limits.call('redisPublish', [common], cfg.durationMs + 60_000);
  log(
    `limit (${tag}) Redis PUBLISH: ${out.redis.perSec.toFixed(0)}/s, RTT p50 ${out.redis.rttMs.p50?.toFixed(3)} ms`,
  );
  return out;
}

// ----------------------------------------------------------------------------- main ---------

async function main() {
  if (!existsSync(path.join(root, 'packages/server/dist/main.js'))) {
    console.error('bench: packages/server/dist/main.js is missing: run `npm run build` first');
    process.exitCode = 2;
    return;
  }
  const startedAt = new Date().toISOString();
  const { gitSha, machine: described } = describeMachine(root);
  const machine = { ...described, ...versions() };
  log('config', JSON.stringify(cfg));
  machine.otherCpuPctAtStart = await otherCpuPctNow();
  log(
    `machine: load1 ${machine.load1Start.toFixed(2)}, other processes ${f0(machine.otherCpuPctAtStart)}% of one core`,
  );

  // As root, PostgreSQL runs as `parleytest`, which must be able to enter the temp dir.
  svc.tmp = mkdtempSync(path.join('/tmp', 'parley-cluster-'));
  chmodSync(svc.tmp, 0o755);
  const pinCpu = cfg.pin ? SERVER_CPU : undefined;
  svc.pg = await startPostgres(path.join(svc.tmp, 'pg'), { cpu: pinCpu });
  svc.redis = await startRedis(path.join(svc.tmp, 'redis'), { cpu: pinCpu });
  log(
    `PostgreSQL ${machine.postgres} on port ${svc.pg.port} (pid ${svc.pg.pid}), Redis ${machine.redis} on port ${svc.redis.port}`,
  );

  // Noise during the run: the machine's busy time minus this run's (our process tree, which holds
  // the reaped children's time too, and the daemonised PostgreSQL's).
  const ourCpuMs = () => (treeCpuMs(process.pid) ?? 0) + (treeCpuMs(svc.pg.pid) ?? 0);
  const noise0 = { busy: machineBusyMs(), ours: ourCpuMs(), t: performance.now() };
  const limits = start('cluster-limits.mjs', SERVER_CPU, 'limits');
  await limits.call('createDatabase', [`${svc.pg.url}/postgres`, 'parley_bench']);
  const databaseUrl = `${svc.pg.url}/parley_bench`;
  const redisUrl = `${svc.redis.url}/0`;
  const dataDir = path.join(svc.tmp, 'nodes');
  mkdirSync(dataDir);
  const client = start('cluster-client.mjs', CLIENT_CPU, 'load client');
  const result = { startedAt, config: cfg, machine, pinned: client.pinned !== null };

  let data;
  /** measureSet on one layout of nodes, sending as the admin logged in on `loginNode`. */
  const measure = async (loginNode, layout) => {
    const { token } = await login(loginNode.port);
    return measureSet({ client, limits, data, token, ...layout });
  };

  // Limit: one node on the same PostgreSQL, in-process bus.
  const inProcess = [];
  const runInProcess = async (tag) => {
    log(`in-process node C (${tag})`);
    const c = await startNode('C', { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    try {
      let memory;
      if (!data) {
        data = await setupData(c.port);
        result.pgSettings = await limits.call('init', [databaseUrl, redisUrl]);
        log(`PostgreSQL settings: ${JSON.stringify(result.pgSettings)}`);
        result.limits = [await runLimits(limits, data, 'before')];
        memory = await memoryPass(client, c, c, data.readers);
      }
      const only = [{ name: 'in-process', ports: [c.port] }];
      const r = await measure(c, {
        nodes: [c],
        streamNode: c,
        mintNode: c,
        fanConfigs: only,
        tpConfigs: only,
      });
      inProcess.push({ tag, memory, ...r, cpuMs: await c.host.call('cpuTotal') });
    } finally {
      await stopNode(c);
    }
  };

  await runInProcess('before');

  log('scaled nodes A and B');
  const scaledEnv = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: dataDir };
  const a = await startNode('A', scaledEnv);
  let b;
  try {
    b = await startNode('B', scaledEnv);
    const memory = await memoryPass(client, b, b, data.readers);
    const scaled = await measure(a, {
      nodes: [a, b],
      streamNode: b,
      mintNode: a,
      fanConfigs: [
        { name: 'cross-node', ports: [a.port] },
        { name: 'same-node', ports: [b.port] },
      ],
      tpConfigs: [
        { name: '1 node', ports: [a.port] },
        { name: '2 nodes', ports: [a.port, b.port] },
      ],
    });
    result.scaled = { memory, ...scaled };
  } finally {
    if (b) await stopNode(b);
    await stopNode(a);
  }

  if (cfg.repeatLimits) {
    await runInProcess('after');
    result.limits.push(await runLimits(limits, data, 'after'));
  }
  result.inProcess = inProcess;
  machine.load1End = os.loadavg()[0];
  result.noise = noiseDuring(
    noise0.busy,
    machineBusyMs(),
    ourCpuMs() - noise0.ours,
    performance.now() - noise0.t,
    machine.otherCpuPctAtStart,
  );
  result.wallMs = performance.now() - t0;
  saveRun(result, report(result), { prefix: 'cluster-', gitSha });
}

if (process.argv[2] === '--report') {
  // Re-print the tables of an earlier run: node bench/cluster.mjs --report bench/results/cluster-<…>.json
  clearTimeout(watchdog);
  reprint(report, process.argv[3]);
} else {
  main()
    .catch((err) => {
      if (!interrupted) console.error(err); // else: a child died of the same Ctrl-C
      process.exitCode = 1;
    })
    .finally(async () => {
      await cleanup();
      clearTimeout(watchdog);
    });
}
