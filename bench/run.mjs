#!/usr/bin/env node
/**
 * Parley benchmark harness (docs/benchmarks.md). Every figure is printed next to a limit measured
 * in the same run, with the same client code:
 *
 *   1. fan-out latency      Parley vs a bare node:http SSE broadcaster (no framework, no database)
 *   2. send throughput      Parley vs the bare broadcaster's send route and a tight SQLite loop
 *                           (better-sqlite3, WAL, synchronous=FULL, one commit per row)
 *   3. memory per stream    RSS/heap of the server process before and after opening N streams
 *   4. initial sync         a new device's connect → ready vs reading the same rows raw
 *
 * Processes: this orchestrator (idle while measuring), one server host (bench/lib/host.mjs,
 * Parley or bare, pinned to CPU 0) and one load client (bench/lib/client.mjs: all streams and
 * senders, pinned to CPU 1). Loopback only; every loop is bounded in count and time.
 *
 *   npm run bench                 full run (~3 min on 2 cores)
 *   BENCH_QUICK=1 npm run bench   small sizes (~30 s)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { api, setupChannel, tokenMinter } from './lib/api.mjs';
import { benchConfig, num, QUICK, streamLevels } from './lib/env.mjs';
import { sendBursts } from './lib/bursts.mjs';
import { Children } from './lib/ipc.mjs';
import { describeMachine, machineBusyMs, noiseDuring, otherCpuPctNow } from './lib/machine.mjs';
import { f0 } from './lib/report.mjs';
import { report } from './lib/run-report.mjs';
import { reprint, saveRun } from './lib/results.mjs';
import { cpuMs } from './lib/process-meter.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const env = process.env;

const cfg = benchConfig(
  {
    streams: QUICK ? [50, 200] : [100, 1000, 2000],
    senders: QUICK ? [1, 8] : [1, 8, 32],
    throughputStreams: QUICK ? 200 : 1000,
    maxSeconds: QUICK ? 150 : 480,
  },
  {
    syncGroups: num(env.BENCH_SYNC_GROUPS, QUICK ? 20 : 100),
    syncPerGroup: 50,
    syncReps: QUICK ? 3 : 5,
  },
);
const levels = streamLevels(cfg);

const log = (...a) => console.log(`[bench ${((performance.now() - t0) / 1000).toFixed(1)}s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = performance.now();
const children = new Children(path.join(here, 'lib'), { pin: cfg.pin });

// A hard stop for the whole run: children are killed by pid, then exit 1.
const watchdog = setTimeout(async () => {
  console.error(`bench: exceeded BENCH_MAX_SECONDS=${cfg.maxSeconds}; stopping`);
  await children.stopAll();
  process.exit(1);
}, cfg.maxSeconds * 1000);

const profileDir = path.join(here, 'results', 'profiles');

function start(script, args, cpu, label) {
  const nodeArgs = [];
  // BENCH_PROFILE=1: a V8 CPU profile of the Parley host (bench/lib/profile-summary.mjs reads it).
  if (env.BENCH_PROFILE === '1' && label === 'parley host') {
    mkdirSync(profileDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  }
  return children.start(script, cpu, label, { args, nodeArgs });
}
const stop = (child) => children.stop(child);

// ------------------------------------------------------------------------ measures ---------

async function throughputSet(host, client, { gid, token, streams, countRows }) {
  const out = [];
  for (const concurrency of cfg.senders) {
    const before = countRows ? await host.call('countMessages') : null;
    await host.call('phaseStart');
    const r = await client.call(
      'throughput',
      [
        {
          gid,
          token,
          concurrency,
          durationMs: cfg.durationMs,
          maxRequests: cfg.maxRequests,
          textBytes: cfg.textBytes,
        },
      ],
      cfg.durationMs + 60_000,
    );
    const server = await host.call('phaseEnd');
    const after = countRows ? await host.call('countMessages') : null;
    const row = { streamsTarget: streams, ...r, server };
    if (countRows) {
      row.rowsAdded = after - before;
      row.rowsMatchAcks = row.rowsAdded === r.ok;
    }
    out.push(row);
    log(
      `throughput K=${concurrency} N=${r.streams}: ${r.perSec.toFixed(0)} acked/s, p99 ${r.ackMs.p99?.toFixed(1)} ms` +
        (countRows ? `, rows ${row.rowsAdded} (${row.rowsMatchAcks ? '= acks' : 'MISMATCH'})` : ''),
    );
  }
  return out;
}

async function fanoutPair(host, client, { gid, token }) {
  const out = [];
  for (const [variant, concurrency] of [
    ['sequential', 1],
    ['concurrent', cfg.fanoutSenders],
  ]) {
    await host.call('phaseStart');
    const r = await client.call(
      'fanout',
      [{ gid, token, messages: cfg.messages, concurrency, textBytes: cfg.textBytes, waitMs: 5000 }],
      240_000,
    );
    const server = await host.call('phaseEnd');
    out.push({ variant, ...r, server, serverCpuMsPerMessage: server.cpuMs / Math.max(1, r.acked) });
    log(
      `fan-out N=${r.streams} ${variant}: last p50 ${r.lastMs.p50?.toFixed(1)} / p99 ${r.lastMs.p99?.toFixed(1)} ms, ` +
        `complete ${r.complete}/${r.messages}`,
    );
  }
  return out;
}

async function ramp(host, client, { tokensFor, gid, token, countRows, onLevel }) {
  const result = { memoryAfterTraffic: [], fanout: [], throughputLoaded: [], opens: [] };
  await sleep(300);
  result.memoryAfterTraffic.push({ streams: 0, ...(await host.call('memory')) });
  let open = 0;
  for (const level of levels) {
    const tokens = await tokensFor(level - open, open);
    const o = await client.call('openStreams', [tokens], 300_000);
    open = o.openNow;
    result.opens.push({ level, ...o });
    log(`streams: ${o.ready}/${o.requested} opened in ${o.ms.toFixed(0)} ms, ${open} open`, o.errors);
    await sleep(500);
    const serverStreams = await host.call('streams');
    result.memoryAfterTraffic.push({ streams: open, serverStreams, ...(await host.call('memory')) });
    if (cfg.streams.includes(level)) {
      for (const f of await fanoutPair(host, client, { gid, token })) result.fanout.push({ level, ...f });
    }
    if (level === cfg.throughputStreams) {
      result.throughputLoaded = await throughputSet(host, client, { gid, token, streams: level, countRows });
    }
    await onLevel?.(level);
  }
  await client.call('closeStreams');
  for (let i = 0; i < 100 && (await host.call('streams')) > 0; i++) await sleep(50);
  return result;
}

/** A few hundred sends to warm the JIT, discarded. */
const warmUp = (client, gid, token) =>
  client.call('throughput', [
    { gid, token, concurrency: 4, durationMs: 300, maxRequests: 2000, textBytes: cfg.textBytes },
  ]);

/**
 * A limit host (host.mjs `bare` or `fastify`: no users, so any token): send throughput with no
 * stream open, then whatever `more` measures on the same host.
 */
async function runLimit(client, kind, label, more = async () => ({})) {
  log(label);
  const host = start('host.mjs', [kind], 0, label);
  try {
    const info = await host.call('start');
    await client.call('configure', [info.port]);
    const gid = 1;
    const token = 'unused';
    await warmUp(client, gid, token);
    const throughput = await throughputSet(host, client, { gid, token, streams: 0, countRows: false });
    const extra = await more(host, { gid, token });
    return { info, throughput, ...extra, cpuMs: await host.call('cpuTotal') };
  } finally {
    await stop(host);
  }
}

/** The bare broadcaster: send throughput, the stream ramp and the initial-sync probe. */
const runBare = (client, tag) =>
  runLimit(client, 'bare', `bare host ${tag}`, async (host, { gid, token }) => {
    const r = await ramp(host, client, { tokensFor: async (n) => Array(n).fill(token), gid, token });
    const probes = [];
    for (let i = 0; i < cfg.syncReps; i++) probes.push(await client.call('syncProbe', [token]));
    return { tag, ...r, connectProbe: probes };
  });

/**
 * `BENCH_FRAMEWORK=1`: the send route's floor on Fastify alone (host.mjs fastify), send throughput
 * only, so the report can say how much of Parley's CPU per send the framework takes before Parley
 * does anything.
 */
const runFramework = (client) => runLimit(client, 'fastify', 'fastify host');

/** Admin, one public channel and the reader users over HTTP; stream tokens minted on demand. */
async function setupParley(host, port) {
  const { token, adminUid, gid, readers } = await setupChannel(port, cfg.readers);
  log(`set up: admin uid ${adminUid}, channel ${gid}, ${readers.length} reader users`);
  const mint = tokenMinter();
  return { token, adminUid, gid, readers, tokensFor: (n) => mint(host, readers, n) };
}

/**
 * Memory per idle stream, in a fresh server process that has carried no message traffic (so the
 * allocator's high-water mark from earlier phases is not counted): RSS and heap at 0 streams and
 * at four equal steps up to the largest N, after gc.
 */
async function memoryPass(client, kind, dataDir) {
  log(`memory pass: ${kind}`);
  const host = start('host.mjs', [kind], 0, `${kind} memory host`);
  try {
    const info = await host.call('start', kind === 'parley' ? [dataDir] : []);
    await client.call('configure', [info.port]);
    const setup = kind === 'parley' ? await setupParley(host, info.port) : undefined;
    const tokensFor = setup ? setup.tokensFor : async (n) => Array(n).fill('unused');
    const maxN = Math.max(...cfg.streams);
    const steps = [1, 2, 3, 4].map((i) => Math.round((maxN * i) / 4)).filter((n) => n > 0);
    // Warm-up: the first connections pay one-off costs (parsers, lazy modules, JIT); not per stream.
    await client.call('openStreams', [await tokensFor(20)], 60_000);
    await client.call('closeStreams');
    for (let i = 0; i < 100 && (await host.call('streams')) > 0; i++) await sleep(50);
    await host.call('memory');
    await sleep(300);
    const points = [{ streams: 0, ...(await host.call('memory')) }];
    const opens = [];
    let open = 0;
    for (const step of [...new Set(steps)]) {
      const tokens = await tokensFor(step - open);
      const o = await client.call('openStreams', [tokens], 300_000);
      opens.push(o);
      open = o.openNow;
      await sleep(500);
      points.push({
        streams: open,
        serverStreams: await host.call('streams'),
        ...(await host.call('memory')),
      });
    }
    log(
      `memory pass ${kind}: ${points.map((p) => `${p.streams}:${(p.rss / 2 ** 20).toFixed(1)}MB`).join(' ')}`,
    );
    await client.call('closeStreams');
    for (let i = 0; i < 100 && (await host.call('streams')) > 0; i++) await sleep(50);
    const bursts = await sendBursts(host, client, setup ?? { gid: 1, token: 'unused' }, cfg.textBytes);
    log(
      `memory pass ${kind}, RSS after send bursts: ${bursts.map((b) => `${(b.rss / 2 ** 20).toFixed(1)}MB`).join(' ')}`,
    );
    return { points, opens, bursts, cpuMs: await host.call('cpuTotal') };
  } finally {
    await stop(host);
  }
}

async function runParley(client, dataDir) {
  log('Parley');
  const host = start('host.mjs', ['parley'], 0, 'parley host');
  try {
    const info = await host.call('start', [dataDir]);
    const { port } = info;
    await client.call('configure', [port]);
    const { token, adminUid, gid, readers, tokensFor } = await setupParley(host, port);

    await warmUp(client, gid, token);
    const tight = [];
    const tightRun = async (tag) => {
      const r = await host.call('sqliteTight', [cfg.durationMs, 200_000, gid, adminUid, cfg.textBytes, tag]);
      tight.push({ tag, ...r });
      log(`SQLite tight loop (${tag}): ${r.rowsPerSec.toFixed(0)} commits/s (synchronous=${r.synchronous})`);
    };
    await tightRun('before');
    const throughput = await throughputSet(host, client, { gid, token, streams: 0, countRows: true });
    const r = await ramp(host, client, { tokensFor, gid, token, countRows: true });
    await tightRun('after');

    // Initial sync of a new device with many conversations.
    const gids = [gid];
    for (let i = 0; i < cfg.syncGroups; i++) {
      gids.push(
        (await api(port, 'POST', '/group', { token, json: { name: `sync-${i}`, is_public: true } })).gid,
      );
    }
    await host.call('seed', [gids.slice(1), cfg.syncPerGroup, adminUid, cfg.textBytes], 120_000);
    const probes = [];
    for (let i = 0; i < cfg.syncReps; i++) {
      const [t] = await host.call('mintSessions', [readers[0], `sync-${i}`, 1]);
      probes.push(await client.call('syncProbe', [t]));
    }
    const raw = await host.call('rawSync', [gids, cfg.syncPerGroup, cfg.syncReps]);
    log(`initial sync: ${probes.map((p) => p.readyMs?.toFixed(1)).join(', ')} ms`);
    return {
      info,
      throughput,
      ...r,
      tight,
      sync: { conversations: gids.length, perConversation: cfg.syncPerGroup, probes, raw },
      cpuMs: await host.call('cpuTotal'),
    };
  } finally {
    await stop(host);
  }
}

// ----------------------------------------------------------------------------- main ---------

async function main() {
  const startedAt = new Date().toISOString();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const { gitSha, machine } = describeMachine(root, { tmpDir: tmp });
  log('config', JSON.stringify(cfg));
  machine.otherCpuPctAtStart = await otherCpuPctNow();
  log(
    `machine: load1 ${machine.load1Start.toFixed(2)}, other processes ${f0(machine.otherCpuPctAtStart)}% of one core` +
      (machine.otherCpuPctAtStart > 15 ? ' (> 15 %: the run will be marked NOISY)' : ''),
  );

  const busy0 = machineBusyMs();
  const self0 = process.cpuUsage();
  const client = start('client.mjs', [], 1, 'load client');
  let childCpu = 0;
  const result = { startedAt, config: cfg, machine, pinned: client.pinned !== null };
  try {
    const memBare = await memoryPass(client, 'bare');
    const memParley = await memoryPass(client, 'parley', path.join(tmp, 'parley-mem'));
    childCpu += memBare.cpuMs + memParley.cpuMs;
    result.memory = { bare: memBare, parley: memParley };
    const bare = [await runBare(client, 'before')];
    childCpu += bare[0].cpuMs;
    if (env.BENCH_FRAMEWORK === '1') {
      result.framework = await runFramework(client);
      childCpu += result.framework.cpuMs;
    }
    const parley = await runParley(client, path.join(tmp, 'parley'));
    childCpu += parley.cpuMs;
    if (cfg.repeatLimits) {
      bare.push(await runBare(client, 'after'));
      childCpu += bare[1].cpuMs;
    }
    childCpu += await client.call('cpuTotal');
    result.bare = bare;
    result.parley = parley;
  } finally {
    await stop(client);
    clearTimeout(watchdog);
    if (env.BENCH_KEEP !== '1') rmSync(tmp, { recursive: true, force: true });
  }
  const wallMs = performance.now() - t0;
  const busy1 = machineBusyMs();
  machine.sqlite = result.parley.tight[0]?.sqliteVersion;
  machine.load1End = os.loadavg()[0];
  result.noise = noiseDuring(busy0, busy1, childCpu + cpuMs(self0), wallMs, machine.otherCpuPctAtStart);
  result.wallMs = wallMs;
  saveRun(result, report(result), { gitSha });
}

if (process.argv[2] === '--report') {
  // Re-print the tables of an earlier run: node bench/run.mjs --report bench/results/<file>.json
  clearTimeout(watchdog);
  reprint(report, process.argv[3]);
} else {
  main().catch(async (err) => {
    console.error(err);
    await children.stopAll();
    clearTimeout(watchdog);
    process.exit(1);
  });
}
