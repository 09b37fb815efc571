#!/usr/bin/env node
/**
 * Memory after send bursts, with where it is (docs/benchmarks.md, "Memory after send bursts"):
 * one fresh server host per target, pinned to CPU 0, and the load client of bench/run.mjs on
 * CPU 1. Optionally opens and closes `BENCH_BURST_STREAMS` streams first (as run.mjs's memory pass
 * does), reads memory at rest, then runs `BENCH_BURSTS` (5) bursts of `BENCH_BURST_MS` (60,000)
 * with 64 senders and reads it again after each (0.5 s idle, gc). Per reading: RSS, V8's committed
 * and used heap, glibc's arenas and the rest (bench/lib/memory-detail.mjs); per burst: sends/s and
 * ack p50 / p99, so that a memory setting's cost under load is measured beside its effect.
 *
 *   node bench/burst-memory.mjs parley bare
 *   node bench/burst-memory.mjs parley parley@--max-semi-space-size=2,MALLOC_ARENA_MAX=2
 *
 * `<target>@a,b`: node flags (starting with -) and environment (NAME=value) for that host.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { setupChannel } from './lib/api.mjs';
import { num } from './lib/env.mjs';
import { Children } from './lib/ipc.mjs';
import { machineBusyMs, noiseDuring, otherCpuPctNow } from './lib/machine.mjs';
import { cpuMs } from './lib/process-meter.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BURSTS = num(process.env.BENCH_BURSTS, 5);
const BURST_MS = num(process.env.BENCH_BURST_MS, 60_000);
const STREAMS = num(process.env.BENCH_BURST_STREAMS, 0);
const SENDERS = num(process.env.BENCH_K, 64);
const MB = 2 ** 20;
const mb = (b) => (b / MB).toFixed(1);

const children = new Children(path.join(here, 'lib'), { pin: os.cpus().length >= 2 });
const onSignal = async () => {
  await children.stopAll();
  process.exit(1);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

function parseTarget(spec) {
  const [kind, extra] = spec.split('@');
  if (kind !== 'parley' && kind !== 'bare') throw new Error(`target ${spec}: parley or bare`);
  const list = extra ? extra.split(',') : [];
  return {
    spec,
    kind,
    nodeArgs: list.filter((f) => f.startsWith('-')),
    env: Object.fromEntries(list.filter((f) => !f.startsWith('-')).map((f) => f.split('='))),
  };
}

/** One line per reading: total, then the parts. */
function line(label, m, burst) {
  const s = m.smaps;
  const sp = m.spaces;
  const load = burst
    ? `${burst.perSec.toFixed(0)} sends/s, ack p50 / p99 ${burst.ackMs.p50?.toFixed(1)} / ${burst.ackMs.p99?.toFixed(1)} ms, ` +
      `server CPU ${burst.serverCpuMsPerSend.toFixed(3)} ms/send; `
    : '';
  return (
    `${label}: ${load}RSS ${mb(m.vmRss)} MB (anon ${mb(m.rssAnon)}, file ${mb(m.rssFile)}); ` +
    `V8 committed ${mb(m.v8Physical)} / used ${mb(m.heapUsed)} ` +
    `[new ${mb(sp.new.physical)}/${mb(sp.new.used)}, old ${mb(sp.old.physical)}/${mb(sp.old.used)}, ` +
    `code ${mb(sp.code.physical)}/${mb(sp.code.used)}, lo ${mb(sp.large_object.physical)}/${mb(sp.large_object.used)}]; ` +
    `external ${mb(m.external)}; malloc brk ${mb(s.brkHeap)}, ${s.arenaCount} arenas ${mb(s.arenas)} (${s.arenaList.map(mb).join(' ')}), ` +
    `other anon ${mb(s.anonOther)}, files ${mb(s.files)}`
  );
}

async function runTarget(target, client) {
  const saved = { ...process.env };
  Object.assign(process.env, target.env);
  const host = children.start('host.mjs', 0, `${target.spec} host`, {
    args: [target.kind],
    nodeArgs: target.nodeArgs,
  });
  process.env = saved;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-burst-'));
  try {
    const info = await host.call('start', target.kind === 'parley' ? [dataDir] : []);
    await client.call('configure', [info.port]);
    let gid = 1;
    let mint;
    let mintSender;
    if (target.kind === 'parley') {
      const setup = await setupChannel(info.port, 10);
      gid = setup.gid;
      mintSender = async (b) => (await host.call('mintSessions', [setup.adminUid, `sender-${b}`, 1]))[0];
      mint = async (n) => {
        const tokens = [];
        for (let i = 0; i < n; i += 1000) {
          tokens.push(
            ...(await host.call(
              'mintSessions',
              [setup.readers[0], `burst-${i}`, Math.min(1000, n - i)],
              300_000,
            )),
          );
        }
        return tokens;
      };
    }
    if (STREAMS > 0) {
      const tokens = mint ? await mint(STREAMS) : Array(STREAMS).fill('unused');
      await client.call('openStreams', [tokens], 600_000);
      await client.call('closeStreams');
      for (let i = 0; i < 200 && (await host.call('streams')) > 0; i++) await sleep(50);
    }
    await host.call('phaseStart');
    await sleep(500);
    const readings = [{ burst: 0, ...(await host.call('memoryDetail')) }];
    console.log(line(`${target.spec} at rest`, readings[0]));
    for (let b = 1; b <= BURSTS; b++) {
      // Access tokens live 300 s: a fresh one per burst, minted without a login (whose argon2
      // verify would put its 19 MB block in this reading).
      const token = mintSender ? await mintSender(b) : 'unused';
      await host.call('phaseStart');
      const r = await client.call(
        'throughput',
        [{ gid, token, concurrency: SENDERS, durationMs: BURST_MS, maxRequests: 10_000_000, textBytes: 100 }],
        BURST_MS + 120_000,
      );
      const server = await host.call('phaseEnd');
      r.serverCpuMsPerSend = server.cpuMs / Math.max(1, r.ok);
      // The host keeps its per-step timing samples until the next phase: dropped before the reading.
      await host.call('phaseStart');
      await sleep(500);
      const m = await host.call('memoryDetail');
      readings.push({ burst: b, load: r, ...m });
      console.log(line(`${target.spec} burst ${b}`, m, r));
    }
    const first = readings[0].vmRss;
    const last = readings[readings.length - 1].vmRss;
    const max = Math.max(...readings.slice(1).map((r) => r.vmRss));
    console.log(
      `${target.spec}: RSS ${readings.map((r) => mb(r.vmRss)).join(' → ')} MB; last ${(((last - first) / first) * 100).toFixed(1)} % ` +
        `and highest ${(((max - first) / first) * 100).toFixed(1)} % from rest; ` +
        `sends/s ${readings
          .slice(1)
          .map((r) => r.load.perSec.toFixed(0))
          .join(', ')}`,
    );
    return { cpuMs: await host.call('cpuTotal') };
  } finally {
    await children.stop(host);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const targets = (process.argv.length > 2 ? process.argv.slice(2) : ['parley', 'bare']).map(parseTarget);
const started = performance.now();
const otherAtStart = await otherCpuPctNow();
console.log(
  `${BURSTS} bursts × ${BURST_MS} ms, ${SENDERS} senders, ${STREAMS} streams opened and closed first; ` +
    `load1 ${os.loadavg()[0].toFixed(2)}, other processes ${otherAtStart?.toFixed(0)} % of one core before the start`,
);
const busy0 = machineBusyMs();
const self0 = process.cpuUsage();
const client = children.start('client.mjs', 1, 'load client');
let ours = 0;
try {
  for (const t of targets) ours += (await runTarget(t, client)).cpuMs;
  ours += await client.call('cpuTotal');
} finally {
  await children.stop(client);
}
const noise = noiseDuring(
  busy0,
  machineBusyMs(),
  ours + cpuMs(self0),
  performance.now() - started,
  otherAtStart,
);
console.log(
  `quiet gate: other processes ${noise.otherCpuPct?.toFixed(1)} % of one core during the run → ${noise.noisy ? 'NOISY' : 'quiet'}`,
);
