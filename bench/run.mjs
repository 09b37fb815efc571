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
import { burstsLine, sendBursts } from './lib/bursts.mjs';
import { Children } from './lib/ipc.mjs';
import { describeMachine, machineBusyMs, noiseDuring, otherCpuPctNow } from './lib/machine.mjs';
import { clientBound, f0, f1, f2, fx, mean, table } from './lib/report.mjs';
import { reprint, saveRun } from './lib/results.mjs';
import { cpuMs } from './lib/process-meter.mjs';
import { ratio } from './lib/stats.mjs';
import { heapOf, openRate, perStreamKB, rssOf, slopeKB } from './lib/stream-figures.mjs';

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

async function runBare(client, tag) {
  log(`bare broadcaster (${tag})`);
  const host = start('host.mjs', ['bare'], 0, `bare host ${tag}`);
  try {
    const info = await host.call('start');
    await client.call('configure', [info.port]);
    const gid = 1;
    const token = 'unused';
    // Warm-up (JIT), discarded.
    await client.call('throughput', [
      { gid, token, concurrency: 4, durationMs: 300, maxRequests: 2000, textBytes: cfg.textBytes },
    ]);
    const throughput = await throughputSet(host, client, { gid, token, streams: 0, countRows: false });
    const r = await ramp(host, client, { tokensFor: async (n) => Array(n).fill(token), gid, token });
    const probes = [];
    for (let i = 0; i < cfg.syncReps; i++) probes.push(await client.call('syncProbe', [token]));
    return { tag, info, throughput, ...r, connectProbe: probes, cpuMs: await host.call('cpuTotal') };
  } finally {
    await stop(host);
  }
}

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

    await client.call('throughput', [
      { gid, token, concurrency: 4, durationMs: 300, maxRequests: 2000, textBytes: cfg.textBytes },
    ]);
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

// --------------------------------------------------------------------------- report ---------

const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};

function report(res) {
  const { parley, bare } = res;
  const out = [];
  const m = res.machine;
  out.push(
    `Parley benchmark ${res.startedAt} · git ${m.git} · Node ${m.node} · SQLite ${m.sqlite} · ` +
      `${m.cpus}× ${m.cpuModel} · fs ${m.tmpFs} · ${res.config.quick ? 'QUICK' : 'full'} run`,
  );
  out.push(
    `Run: server (Parley or bare limit) in one process${res.pinned ? ' pinned to CPU 0' : ''}; load client ` +
      `(all streams and senders) in another${res.pinned ? ' pinned to CPU 1' : ''}; loopback. ` +
      `Other processes on the machine: ${f0(m.otherCpuPctAtStart)}% of one core just before, ` +
      `${f0(res.noise.otherCpuPct)}% during the run (load1 ${m.load1Start.toFixed(2)}) → ` +
      `${res.noise.noisy ? 'NOISY (> 15 % before or > 10 % during)' : 'quiet'}.`,
  );
  out.push(
    `Limits: bare = node:http SSE broadcaster + send route, no framework, no DB (same client, same N); ` +
      `SQLite = better-sqlite3 on a copy of Parley's DB, WAL, synchronous=FULL, one commit per row. ` +
      `Bare runs: ${bare.map((b) => b.tag).join(' and ')} Parley; bare figures are their mean.`,
  );

  const bareFan = (level, variant, pick) =>
    mean(bare.map((b) => pick(b.fanout.find((f) => f.level === level && f.variant === variant))));
  const fb = parley.fanout[0]?.frameBytes;
  const fbb = bare[0].fanout[0]?.frameBytes;
  out.push('');
  out.push(
    `1. Fan-out: ms from the start of a send request to the chat frame parsed on the FIRST and on the LAST ` +
      `of N streams; M=${res.config.messages} messages, ${res.config.textBytes} B text (frame ${fb} B Parley / ${fbb} B bare); ` +
      `sequential = one sender, next send after full delivery; concurrent = ${res.config.fanoutSenders} senders, ` +
      `each sending again on its ack (closed loop: when they outpace delivery the latency is queueing). ` +
      `Ratio = Parley / bare (1.00× = the limit; higher is slower).`,
  );
  const fanRows = [];
  const fanCost = [];
  for (const f of parley.fanout) {
    const b = (pick) => bareFan(f.level, f.variant, pick);
    const b50 = b((x) => x?.lastMs.p50);
    const b99 = b((x) => x?.lastMs.p99);
    fanRows.push([
      f.streams,
      f.variant,
      `${f1(f.lastMs.p50)} / ${f1(f.lastMs.p99)}`,
      `${f1(b50)} / ${f1(b99)}`,
      `${fx(ratio(f.lastMs.p50, b50))} / ${fx(ratio(f.lastMs.p99, b99))}`,
      `${f1(f.firstMs.p50)} / ${f1(b((x) => x?.firstMs.p50))}`,
      `${f1(f.ackMs.p50)} / ${f1(b((x) => x?.ackMs.p50))}`,
      `${f0((f.acked / f.wallMs) * 1000)} / ${f0(b((x) => (x ? (x.acked / x.wallMs) * 1000 : null)))}`,
      `${f.complete}/${f.messages}`,
    ]);
    const wl = f.server.flushMs.mean;
    const bwl = b((x) => x?.server.flushMs.mean);
    const cpu = f.serverCpuMsPerMessage;
    const bcpu = b((x) => x?.serverCpuMsPerMessage);
    const ccpu = (x) => (x ? (x.clientCpuMs / x.wallMs) * 100 : null);
    const spread = bare
      .map((x) => x.fanout.find((y) => y.level === f.level && y.variant === f.variant)?.server.flushMs.mean)
      .filter((x) => x != null);
    fanCost.push([
      f.streams,
      f.variant,
      `${f2(wl)} / ${f2(bwl)}${spread.length > 1 ? ` [${spread.map(f1).join(', ')}]` : ''} (${fx(ratio(wl, bwl))})`,
      `${f2(cpu)} / ${f2(bcpu)} (${fx(ratio(cpu, bcpu))})`,
      `${f0(ccpu(f))}${clientBound(f) ? '*' : ''} / ${f0(b(ccpu))}${bare.some((x) => clientBound(x.fanout.find((y) => y.level === f.level && y.variant === f.variant))) ? '*' : ''}`,
      `${f1(f.server.eventLoopDelayP99Ms)} / ${f1(b((x) => x?.server.eventLoopDelayP99Ms))}`,
    ]);
  }
  out.push(
    table(
      [
        'N',
        'variant',
        'Parley last p50/p99',
        'bare last p50/p99',
        'ratio p50/p99',
        'first p50 P/bare',
        'ack p50 P/bare',
        'sends/s P/bare',
        'complete',
      ],
      fanRows,
    ),
  );
  out.push(
    `   Where the time goes (Parley / bare): the server's fan-out per message (serialise once, res.write to every ` +
      `stream, until the sockets are written; [each bare run]), server CPU per message, load-client CPU as % of its core (* = client-bound: > 60 % ` +
      `or its loop delay p99 > 20 ms, so the latency partly measures the client), server event-loop delay p99.`,
  );
  out.push(
    table(
      [
        'N',
        'variant',
        'fan-out mean ms',
        'server CPU ms/msg',
        'client CPU % P/bare',
        'server loop delay p99 ms',
      ],
      fanCost,
    ),
  );

  out.push('');
  const tightMean = mean(parley.tight.map((t) => t.rowsPerSec));
  out.push(
    `2. Send throughput: acknowledged sends/s (HTTP 200 with a mid) over ${res.config.durationMs} ms with K concurrent ` +
      `senders (keep-alive), N open streams reading everything. SQLite tight loop: ${parley.tight
        .map((t) => `${f0(t.rowsPerSec)}`)
        .join(' / ')} commits/s (before / after Parley; mean ${f0(tightMean)}; commit p50 ` +
      `${f2(parley.tight[0]?.commitMs.p50)} ms). Ratios: Parley / bare, Parley / SQLite. Where the bare run is ` +
      `client-bound (* below) its rate is a lower bound of the limit, so Parley / bare is an upper bound.`,
  );
  const tpRows = [];
  const tpCost = [];
  for (const p of [...parley.throughput, ...parley.throughputLoaded]) {
    const bareRuns = bare.map((b) =>
      [...b.throughput, ...b.throughputLoaded].find(
        (x) => x.concurrency === p.concurrency && x.streamsTarget === p.streamsTarget,
      ),
    );
    const bps = mean(bareRuns.map((x) => x?.perSec));
    tpRows.push([
      p.concurrency,
      p.streams,
      f0(p.perSec),
      `${f1(p.ackMs.p50)} / ${f1(p.ackMs.p99)}`,
      f0(bps),
      fx(ratio(p.perSec, bps)),
      fx(ratio(p.perSec, tightMean)),
      `${p.rowsAdded} ${p.rowsMatchAcks ? '= acks' : '≠ acks!'}`,
      p.streamsAfter === p.streams ? 'yes' : `${p.streamsAfter}/${p.streams}`,
    ]);
    const cpu = p.server.cpuMs / Math.max(1, p.ok);
    const bcpu = mean(bareRuns.map((x) => (x ? x.server.cpuMs / Math.max(1, x.ok) : null)));
    tpCost.push([
      p.concurrency,
      p.streams,
      f0((p.server.cpuMs / p.server.wallMs) * 100),
      `${f2(cpu)} / ${f2(bcpu)} (${fx(ratio(cpu, bcpu))})`,
      `${f2(p.server.insertMs.mean)} / ${f2(p.server.insertMs.p99)}`,
      p.server.batchMs?.n
        ? `${f1(p.server.batchMs.mean)} (${p.server.batchMs.p50} / ${p.server.batchMs.p90} / ${p.server.batchMs.max})`
        : '–',
      f2(p.server.verifyMs.mean),
      f2(p.server.flushMs.mean),
      f1(p.server.eventLoopDelayP99Ms),
      `${f0((p.clientCpuMs / p.elapsedMs) * 100)}${clientBound(p) ? '*' : ''} / ${f0(mean(bareRuns.map((x) => (x ? (x.clientCpuMs / x.elapsedMs) * 100 : null))))}${bareRuns.some(clientBound) ? '*' : ''}`,
    ]);
  }
  out.push(
    table(
      [
        'K',
        'N',
        'Parley sends/s',
        'ack p50/p99 ms',
        'bare sends/s',
        'P / bare',
        'P / SQLite',
        'DB rows',
        'streams kept',
      ],
      tpRows,
    ),
  );
  out.push(
    `   Where the time goes in Parley: server CPU % of its core; server CPU per acked send (Parley / bare); ` +
      `message insert+commit (mean / p99, wall); sends per commit (mean, p50 / p90 / max); access-token check (mean, wall); chat fan-out write loop (mean); ` +
      `server event-loop delay p99; load-client CPU % (Parley / bare; * = client-bound, see above).`,
  );
  out.push(
    table(
      [
        'K',
        'N',
        'server CPU %',
        'server CPU ms/send P/bare',
        'insert+commit ms',
        'sends per commit',
        'token check ms',
        'fan-out ms',
        'loop delay p99 ms',
        'client CPU % P/bare',
      ],
      tpCost,
    ),
  );

  out.push('');
  out.push(
    `3. Memory per idle stream, server process only: fresh server processes that carried no messages, ` +
      `streams opened in 4 steps to N=${Math.max(...res.config.streams)} (Parley: empty channel, ${res.config.readers} users) ` +
      `after 20 warm-up streams were opened and closed, 0.5 s idle and 3× gc before each reading. (value at N − value at 0) / N in KB; slope = least-squares fit ` +
      `over all steps (the figure to quote). heap = heapUsed + external.`,
  );
  const pm = perStreamKB(res.memory.parley.points);
  const bm = perStreamKB(res.memory.bare.points);
  const memRows = pm.map((p, i) => [
    p.n,
    `${f1(p.rss)} / ${f1(p.heap)}`,
    `${f1(bm[i]?.rss)} / ${f1(bm[i]?.heap)}`,
    `${bm[i]?.rss > 0.5 ? fx(ratio(p.rss, bm[i].rss)) : '–'} / ${bm[i]?.heap > 0.5 ? fx(ratio(p.heap, bm[i].heap)) : '–'}`,
  ]);
  const pS = slopeKB(res.memory.parley.points, rssOf);
  const bS = slopeKB(res.memory.bare.points, rssOf);
  const pH = slopeKB(res.memory.parley.points, heapOf);
  const bH = slopeKB(res.memory.bare.points, heapOf);
  memRows.push([
    'slope',
    `${f1(pS)} / ${f1(pH)}`,
    `${f1(bS)} / ${f1(bH)}`,
    `${bS > 0.5 ? fx(ratio(pS, bS)) : '–'} / ${bH > 0.5 ? fx(ratio(pH, bH)) : '–'}`,
  ]);
  out.push(
    table(
      ['N', 'Parley RSS / heap KB per stream', 'bare RSS / heap KB per stream', 'ratio RSS / heap'],
      memRows,
    ),
  );
  out.push(
    `   Idle server RSS with 0 streams: Parley ${f1(res.memory.parley.points[0].rss / 2 ** 20)} MB, bare ` +
      `${f1(res.memory.bare.points[0].rss / 2 ** 20)} MB. Opening streams (200 at a time, each until ready): ` +
      `Parley ${f0(openRate(res.memory.parley.opens))}/s, bare ${f0(openRate(res.memory.bare.opens))}/s on an empty channel; ` +
      `with the 50-message backlog of the fan-out runs Parley ${f0(openRate(parley.opens))}/s.`,
  );
  const bursts = burstsLine(res.memory);
  if (bursts) out.push(bursts);

  out.push('');
  const s = parley.sync;
  const readyMed = median(s.probes.map((p) => p.readyMs));
  const bareConnect = median(bare.flatMap((b) => b.connectProbe.map((p) => p.readyMs)));
  out.push(
    `4. Initial sync of a new device: ${s.conversations} public channels × ${s.perConversation} messages; ` +
      `connect → ready (median of ${s.probes.length}). Limit: the same newest-${s.perConversation}-per-channel rows read ` +
      `by one indexed query per channel with better-sqlite3 and serialised to frames (no HTTP).`,
  );
  out.push(
    table(
      [
        'Parley connect→ready ms',
        'chat frames / bytes before ready',
        'raw read+serialise ms',
        'ratio',
        'bare connect→ready ms',
      ],
      [
        [
          f1(readyMed),
          `${s.probes[0]?.chatFramesBeforeReady} / ${s.probes[0]?.bytesBeforeReady}`,
          `${f1(s.raw.ms.p50)} (${s.raw.frames} frames)`,
          fx(ratio(readyMed, s.raw.ms.p50)),
          f1(bareConnect),
        ],
      ],
    ),
  );
  return out.join('\n');
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
