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
import { login, setupChannel, tokenMinter } from './lib/api.mjs';
import { benchConfig, QUICK, streamLevels } from './lib/env.mjs';
import { Children } from './lib/ipc.mjs';
import { perCpuMs, startPostgres, startRedis, treeCpuMs, versions } from './lib/cluster-services.mjs';
import { describeMachine, machineBusyMs, noiseDuring, otherCpuPctNow } from './lib/machine.mjs';
import { clientBound, f0, f1, f2, fx, mean, table } from './lib/report.mjs';
import { reprint, saveRun } from './lib/results.mjs';
import { ratio } from './lib/stats.mjs';
import { heapOf, openRate, perStreamKB, rssOf, slopeKB } from './lib/stream-figures.mjs';

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

async function waitReady(port, label) {
  let last = '';
  for (let i = 0; i < 150; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/ready`);
      last = await res.text();
      if (res.status === 200) return JSON.parse(last);
    } catch (err) {
      last = String(err);
    }
    await sleep(200);
  }
  throw new Error(`${label} not ready after 30 s: ${last}`);
}

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

// --------------------------------------------------------------------------- report ---------

function report(res) {
  const out = [];
  const m = res.machine;
  const s = res.pgSettings ?? {};
  const runs = res.inProcess;
  out.push(
    `Parley scaled-mode benchmark ${res.startedAt} · git ${m.git} · Node ${m.node} · PostgreSQL ${m.postgres} ` +
      `(fsync=${s.fsync}, synchronous_commit=${s.synchronous_commit}, wal_sync_method=${s.wal_sync_method}) · ` +
      `Redis ${m.redis} · ${m.cpus}× ${m.cpuModel} · ${res.config.quick ? 'QUICK' : 'full'} run`,
  );
  out.push(
    res.pinned
      ? 'CPU layout: PostgreSQL, Redis, every Parley node and the limit loops pinned to CPU 0; the load client ' +
          '(all streams and senders) pinned to CPU 1; loopback. '
      : 'CPU layout: nothing pinned (taskset missing, BENCH_PIN=0 or < 2 CPUs); loopback. ',
  );
  out.push(
    'These figures compare costs on one machine. They say nothing about a multi-machine deployment: there is no ' +
      'network between the nodes, PostgreSQL and Redis, and every server-side process shares one core. ' +
      `Other processes on the machine: ${f0(m.otherCpuPctAtStart)}% of one core just before, ` +
      `${f0(res.noise?.otherCpuPct)}% during the run (load1 ${m.load1Start.toFixed(2)} → ${m.load1End?.toFixed(2)}) → ` +
      `${res.noise?.noisy ? 'NOISY (> 15 % before or > 10 % during)' : 'quiet'}.`,
  );
  out.push(
    `Nodes: A and B scaled (DATABASE_URL + REDIS_URL); C = one node on the same PostgreSQL without REDIS_URL ` +
      `(in-process bus), run ${runs.map((r) => r.tag).join(' and ')} A+B; C figures are their mean.`,
  );

  // ---- 1. fan-out
  const cFan = (level, variant, pick) =>
    mean(runs.map((r) => pick(r.fanout.find((f) => f.level === level && f.variant === variant))));
  /** Each C run's value in brackets when there are several (they are averaged for the ratios). */
  const each = (vals, fmt) => (vals.length > 1 ? ` [${vals.map(fmt).join(', ')}]` : '');
  const cFanEach = (level, variant, pick) =>
    each(
      runs.map((r) => pick(r.fanout.find((f) => f.level === level && f.variant === variant))),
      f1,
    );
  /** Fan-out wall time per message on one node (bursts summed) and the mean chat events per burst. */
  const fanPer = (srv) =>
    srv?.fanoutBurstMs?.sum
      ? { ms: srv.fanoutMs.sum / srv.fanoutBurstMs.sum, burst: srv.fanoutBurstMs.mean }
      : null;
  const fanCell = (srv) => {
    const v = fanPer(srv);
    return v ? `${f2(v.ms)} (${f1(v.burst)})` : '–';
  };
  const sFan = (level, variant, config) =>
    res.scaled.fanout.find((f) => f.level === level && f.variant === variant && f.config === config);
  out.push('');
  out.push(
    `1. Fan-out: ms from the start of a send request to its chat frame on the LAST of N streams (p50 / p99 over ` +
      `M=${res.config.messages} messages), and per stream (p50 / p99 over every message × stream arrival). ` +
      `Streams on B; cross-node = sends to A; same-node = sends to B (still through Redis); in-process = streams ` +
      `and sends on C. sequential = one sender, next send after full delivery; concurrent = ` +
      `${res.config.fanoutSenders} senders, each sending again on its ack (closed loop: queueing once delivery lags).`,
  );
  const fanRows = [];
  const fanCost = [];
  for (const level of res.config.streams) {
    for (const variant of ['sequential', 'concurrent']) {
      const x = sFan(level, variant, 'cross-node');
      const y = sFan(level, variant, 'same-node');
      if (!x || !y) continue;
      const c50 = cFan(level, variant, (f) => f?.lastMs.p50);
      const c99 = cFan(level, variant, (f) => f?.lastMs.p99);
      fanRows.push([
        x.streams,
        variant,
        `${f1(x.lastMs.p50)} / ${f1(x.lastMs.p99)}`,
        `${f1(y.lastMs.p50)} / ${f1(y.lastMs.p99)}`,
        `${f1(c50)} / ${f1(c99)}${cFanEach(level, variant, (f) => f?.lastMs.p50)}`,
        `${fx(ratio(x.lastMs.p50, c50))} / ${fx(ratio(x.lastMs.p99, c99))}`,
        `${fx(ratio(y.lastMs.p50, c50))} / ${fx(ratio(y.lastMs.p99, c99))}`,
        `${f1(x.perStreamMs.p50)} / ${f1(x.perStreamMs.p99)} · ${f1(y.perStreamMs.p50)} / ${f1(y.perStreamMs.p99)} · ` +
          `${f1(cFan(level, variant, (f) => f?.perStreamMs.p50))} / ${f1(cFan(level, variant, (f) => f?.perStreamMs.p99))}`,
        `${x.complete}/${y.complete}/${runs.map((r) => r.fanout.find((f) => f.level === level && f.variant === variant)?.complete).join('+')} of ${x.messages}`,
      ]);
      const perMsg = (f) => (f ? f.cpu.nodesMs / Math.max(1, f.acked) : null);
      const cc = (f) => (f ? `${f0((f.clientCpuMs / f.wallMs) * 100)}${clientBound(f) ? '*' : ''}` : '–');
      fanCost.push([
        x.streams,
        variant,
        `${f1(x.ackMs.p50)} / ${f1(y.ackMs.p50)} / ${f1(cFan(level, variant, (f) => f?.ackMs.p50))}`,
        `${f1(x.firstMs.p50)} / ${f1(y.firstMs.p50)} / ${f1(cFan(level, variant, (f) => f?.firstMs.p50))}`,
        `${fanCell(x.server.B)} / ${fanCell(y.server.B)} / ` +
          `${f2(cFan(level, variant, (f) => fanPer(f?.server.C)?.ms))} (${f1(cFan(level, variant, (f) => fanPer(f?.server.C)?.burst))})`,
        `${f2(perMsg(x))} / ${f2(perMsg(y))} / ${f2(cFan(level, variant, perMsg))}`,
        `${f0(x.cpu.cpu0Pct)} / ${f0(y.cpu.cpu0Pct)} / ${f0(cFan(level, variant, (f) => f?.cpu.cpu0Pct))}`,
        `${cc(x)} / ${cc(y)} / ${runs.map((r) => cc(r.fanout.find((f) => f.level === level && f.variant === variant))).join('+')}`,
      ]);
    }
  }
  out.push(
    table(
      [
        'N',
        'variant',
        'cross last p50/p99',
        'same last p50/p99',
        'in-proc last p50/p99',
        'cross / in-proc',
        'same / in-proc',
        'per stream p50/p99 cross · same · in-proc',
        'complete',
      ],
      fanRows,
    ),
  );
  out.push(
    `   Where the time goes (cross / same / in-process): ack p50 ms; first stream p50 ms; the stream node's ` +
      `fan-out wall time per message (hub delivery until the sockets are written; in brackets the chat events ` +
      `delivered per burst, i.e. in one tick, whose writes node:http joins into one writev per stream); server ` +
      `CPU per message (all running nodes, ms); CPU 0 busy %; load-client CPU % (* = client-bound: > 60 % or ` +
      `loop delay p99 > 20 ms; one value per C run).`,
  );
  out.push(
    table(
      [
        'N',
        'variant',
        'ack p50',
        'first p50',
        'fan-out ms/msg (burst)',
        'node CPU ms/msg',
        'CPU0 %',
        'client CPU %',
      ],
      fanCost,
    ),
  );

  // ---- 2. throughput
  out.push('');
  const L = res.limits;
  const tight = (k) => mean(L.map((l) => l.pgTight.find((t) => t.clients === k)?.rowsPerSec));
  const tight1 = tight(1);
  const replay = mean(L.map((l) => l.replay.perSec));
  const redisRate = mean(L.map((l) => l.redis.perSec));
  const rp = L[0].replay.partsMs;
  out.push(
    `2. Send throughput: acknowledged sends/s (HTTP 200 with a mid) over ${res.config.durationMs} ms with K ` +
      `concurrent keep-alive senders; first with no streams, then with ${res.config.throughputStreams} streams ` +
      `reading everything (on B for the scaled rows, on C for in-process). 1 node = all senders to A; ` +
      `2 nodes = senders alternately to A and B.`,
  );
  out.push(
    `   Limits (same PostgreSQL and Redis, from a process on CPU 0; ${L.map((l) => l.tag).join(' / ')} the nodes, mean): ` +
      `INSERT+COMMIT tight loop ${[...new Set([1, ...res.config.senders])]
        .map((k) => `${k} client${k > 1 ? 's' : ''} ${f0(tight(k))}/s`)
        .join(', ')} (1-client commit p50 ${f2(L[0].pgTight[0].commitMs.p50)} ms); ` +
      `replay of one scaled send's statements without HTTP, one send per lock hold ${f0(replay)}/s (p50 ${f2(L[0].replay.sendMs.p50)} ms = ` +
      `lock ${f2(rp.lock.p50)} + insert/commit ${f2(rp.insertCommit.p50)} + previous mid ${f2(rp.prevMid.p50)} + ` +
      `publish ${f2(rp.publish.p50)} + unlock ${f2(rp.unlock.p50)}); Redis PUBLISH ${f0(redisRate)}/s ` +
      `(RTT p50 ${f0(L[0].redis.rttMs.p50 * 1000)} µs, ${L[0].redis.payloadBytes} B, no subscribers).`,
  );
  const cTp = (k, level, pick) =>
    mean(runs.map((r) => pick(r.throughput.find((t) => t.concurrency === k && t.streamsTarget === level))));
  const sTp = (k, level, config) =>
    res.scaled.throughput.find(
      (t) => t.concurrency === k && t.streamsTarget === level && t.config === config,
    );
  const tpRows = [];
  const tpCost = [];
  for (const level of [0, res.config.throughputStreams]) {
    for (const k of res.config.senders) {
      const one = sTp(k, level, '1 node');
      const two = sTp(k, level, '2 nodes');
      const c = cTp(k, level, (t) => t?.perSec);
      const best = Math.max(one?.perSec ?? 0, two?.perSec ?? 0) || null;
      const rows = [one, two].filter(Boolean);
      tpRows.push([
        k,
        level,
        `${f0(c)}${each(
          runs.map((r) => r.throughput.find((t) => t.concurrency === k && t.streamsTarget === level)?.perSec),
          f0,
        )}`,
        `${f0(one?.perSec)} (${f1(one?.ackMs.p50)} / ${f1(one?.ackMs.p99)})`,
        two ? `${f0(two.perSec)} (${f1(two.ackMs.p50)} / ${f1(two.ackMs.p99)})` : '–',
        `${fx(ratio(one?.perSec, c))} / ${fx(ratio(two?.perSec, c))}`,
        fx(ratio(best, tight1)),
        fx(ratio(best, tight(k))),
        fx(ratio(best, replay)),
        rows.every((r) => r.rowsMatchAcks) && runs.every((r) => r.throughput.every((t) => t.rowsMatchAcks))
          ? 'yes'
          : 'NO',
      ]);
      for (const [name, r] of [
        ['in-process', runs[0].throughput.find((t) => t.concurrency === k && t.streamsTarget === level)],
        ['1 node', one],
        ['2 nodes', two],
      ]) {
        if (!r) continue;
        tpCost.push(costRow(k, level, name, r));
      }
    }
  }
  out.push(
    table(
      [
        'K',
        'N',
        'in-process sends/s',
        'scaled 1 node sends/s (ack p50/p99 ms)',
        'scaled 2 nodes',
        'scaled / in-proc 1n / 2n',
        'best scaled / PG 1 client',
        '/ PG K clients',
        '/ replay',
        'rows = acks',
      ],
      tpRows,
    ),
  );
  out.push(
    `   Where the time goes (in-process row from the first C run). Sends are group-committed: whoever takes ` +
      `the send lock (cluster-wide advisory lock in scaled mode, the node's mutex in-process) commits every ` +
      `send queued by then in one transaction and publishes them before letting go. Per batch (mean ms): ` +
      `lock wait (acquiring), hold = commit (the transaction) + rest (previous-mid read, the publishes); ` +
      `sends per batch; publish = one chat event's PUBLISH round trip (in-process: its delivery); lock busy = ` +
      `held share of the wall time, summed over nodes (100 % = the serial section is the bottleneck); lock ` +
      `allows/s = sends per batch × 1000 / hold; CPU 0 busy and its split (node processes / PostgreSQL / ` +
      `Redis, % of one core); CPU of all node processes per acked send; client CPU %; what saturates first ` +
      `(CPU 0 ≥ 90 %, lock busy ≥ 80 %, client-bound).`,
  );
  out.push(
    table(
      [
        'K',
        'N',
        'config',
        'lock wait',
        'hold (commit / rest)',
        'sends/batch',
        'publish',
        'lock busy',
        'lock allows/s',
        'CPU0 % (nodes / PG / Redis)',
        'node CPU ms/send',
        'client %',
        'bound',
      ],
      tpCost,
    ),
  );
  out.push(`   ${boundSummary(res, { tight1, tightK: tight, replay, redisRate })}`);

  // ---- 3. memory
  out.push('');
  const bPts = res.scaled.memory.points;
  const cPts = runs[0].memory.points;
  out.push(
    `3. Memory per idle stream, node process only: scaled node B vs in-process node C, each fresh (no message ` +
      `traffic yet), tokens minted first, 20 warm-up streams opened and closed, then streams in 4 steps to ` +
      `N=${Math.max(...res.config.streams)} (${res.config.readers} users), 0.5 s idle and 3× gc before each reading. ` +
      `(value at N − value at 0) / N in KB; slope = least-squares fit over all steps. heap = heapUsed + external.`,
  );
  const bm = perStreamKB(bPts);
  const cm = perStreamKB(cPts);
  const memRows = bm.map((p, i) => [
    p.n,
    `${f1(p.rss)} / ${f1(p.heap)}`,
    `${f1(cm[i]?.rss)} / ${f1(cm[i]?.heap)}`,
    `${fx(ratio(p.rss, cm[i]?.rss))} / ${fx(ratio(p.heap, cm[i]?.heap))}`,
  ]);
  memRows.push([
    'slope',
    `${f1(slopeKB(bPts, rssOf))} / ${f1(slopeKB(bPts, heapOf))}`,
    `${f1(slopeKB(cPts, rssOf))} / ${f1(slopeKB(cPts, heapOf))}`,
    `${fx(ratio(slopeKB(bPts, rssOf), slopeKB(cPts, rssOf)))} / ${fx(ratio(slopeKB(bPts, heapOf), slopeKB(cPts, heapOf)))}`,
  ]);
  out.push(
    table(['N', 'scaled B RSS / heap KB per stream', 'in-process C RSS / heap', 'ratio RSS / heap'], memRows),
  );
  out.push(
    `   Idle RSS with 0 streams: B ${f1(bPts[0].rss / 2 ** 20)} MB, C ${f1(cPts[0].rss / 2 ** 20)} MB. ` +
      `Opening streams (200 at a time, each until ready, empty channel): B ${f0(openRate(res.scaled.memory.opens))}/s, ` +
      `C ${f0(openRate(runs[0].memory.opens))}/s.`,
  );
  return out.join('\n');
}

/** Which stage bounds the scaled sends, from the ratios to the limits and the CPU 0 readings. */
function boundSummary(res, { tight1, tightK, replay, redisRate }) {
  const rows = res.scaled.throughput.filter((r) => r.concurrency > 1);
  if (rows.length === 0) return 'Bound: no scaled row with more than one sender.';
  const best = rows.reduce((x, y) => (y.perSec > x.perSec ? y : x));
  const avg = (f) => mean(rows.map(f));
  const cpuSat = rows.filter((r) => r.cpu.cpu0Pct >= 90).length;
  const lockBusy = (r) =>
    (Object.values(r.server).reduce((a, n) => a + (n.lockHoldMs?.sum ?? 0), 0) / r.cpu.wallMs) * 100;
  const lockSat = rows.filter((r) => lockBusy(r) >= 80).length;
  const nodesPct = avg((r) => (r.cpu.nodesMs / r.cpu.wallMs) * 100);
  const pgPct = avg((r) => (r.cpu.pgMs / r.cpu.wallMs) * 100);
  const redisPct = avg((r) => (r.cpu.redisMs / r.cpu.wallMs) * 100);
  const scaledCpu = avg((r) => r.cpu.nodesMs / Math.max(1, r.ok));
  const inproc = res.inProcess.flatMap((x) => x.throughput).filter((r) => r.concurrency > 1);
  const inprocCpu = mean(inproc.map((r) => r.cpu.nodesMs / Math.max(1, r.ok)));
  const facts =
    `Best scaled rate with K > 1: ${f0(best.perSec)}/s (${best.config}, K=${best.concurrency}, N=${best.streams}) = ` +
    `${fx(ratio(best.perSec, tight1))} the 1-client INSERT+COMMIT loop, ${fx(ratio(best.perSec, tightK(best.concurrency)))} ` +
    `the ${best.concurrency}-client loop, ${fx(ratio(best.perSec, replay))} the one-send-per-lock replay, ` +
    `${fx(ratio(best.perSec, redisRate))} Redis PUBLISH. CPU 0 was ≥ 90 % busy in ${cpuSat} of ${rows.length} scaled ` +
    `rows with K > 1 (mean split: nodes ${f0(nodesPct)} %, PostgreSQL ${f0(pgPct)} %, Redis ${f0(redisPct)} % of the ` +
    `core); the send lock was ≥ 80 % busy in ${lockSat}. Node CPU per send: scaled ${f2(scaledCpu)} ms, in-process ` +
    `${f2(inprocCpu)} ms (${fx(ratio(scaledCpu, inprocCpu))}).`;
  let verdict;
  if (cpuSat >= rows.length / 2) {
    const top = [
      ['the Parley node processes', nodesPct],
      ['PostgreSQL', pgPct],
      ['Redis', redisPct],
    ].sort((x, y) => y[1] - x[1])[0][0];
    verdict =
      `Bound: the shared server core (CPU 0) saturates first, mostly in ${top}` +
      (lockSat < rows.length / 2
        ? '; the send lock is held < 80 % of the time in most rows, and the commit loop and Redis run ' +
          'well above the send rate.'
        : '; the send lock is also held ≥ 80 % of the time in most rows.');
  } else if (lockSat >= rows.length / 2) {
    verdict = 'Bound: the send lock (one batch commit + publish at a time), not the CPU.';
  } else {
    verdict = 'Bound: nothing measured here saturated in most rows (see the table).';
  }
  return `${verdict} ${facts}`;
}

function costRow(k, level, name, r) {
  const nodes = Object.values(r.server);
  const sum = (key, f) => nodes.reduce((a, n) => a + (n[key]?.[f] ?? 0), 0);
  const avg = (key) => (sum(key, 'n') ? sum(key, 'sum') / sum(key, 'n') : null);
  const holdMean = avg('lockHoldMs');
  const waitMean = avg('lockWaitMs');
  const batchMean = avg('batchMs'); // sends per batch (a count, recorded like the timings)
  const commitMean = avg('commitMs');
  const pubMean = avg('publishMs');
  const busy = (sum('lockHoldMs', 'sum') / r.cpu.wallMs) * 100;
  const w = r.cpu.wallMs;
  const nodesPct = (r.cpu.nodesMs / w) * 100;
  const pgPct = r.cpu.pgMs == null ? null : (r.cpu.pgMs / w) * 100;
  const redisPct = r.cpu.redisMs == null ? null : (r.cpu.redisMs / w) * 100;
  const clientPct = (r.clientCpuMs / r.elapsedMs) * 100;
  const bound = [];
  if (r.cpu.cpu0Pct >= 90) {
    const parts = [
      ['nodes', nodesPct],
      ['PostgreSQL', pgPct ?? 0],
      ['Redis', redisPct ?? 0],
    ].sort((x, y) => y[1] - x[1]);
    bound.push(`CPU 0 (most: ${parts[0][0]})`);
  }
  if (busy >= 80) bound.push('send lock');
  if (clientBound({ ...r, wallMs: r.elapsedMs })) bound.push('client');
  if (bound.length === 0) bound.push(k === 1 ? 'round trip of 1 sender' : 'none ≥ 80 %');
  return [
    k,
    level,
    name,
    f2(waitMean),
    `${f2(holdMean)} (${f2(commitMean)} / ${f2(holdMean == null || commitMean == null ? null : holdMean - commitMean)})`,
    f1(batchMean),
    f2(pubMean),
    `${f0(busy)} %`,
    f0(holdMean && batchMean ? (1000 * batchMean) / holdMean : null),
    `${f0(r.cpu.cpu0Pct)} (${f0(nodesPct)} / ${f0(pgPct)} / ${f0(redisPct)})`,
    f2(r.cpu.nodesMs / Math.max(1, r.ok)),
    `${f0(clientPct)}`,
    bound.join(' + '),
  ];
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
