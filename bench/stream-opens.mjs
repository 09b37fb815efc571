#!/usr/bin/env node
/**
 * Stream opens per second, for A/B runs of server builds (docs/benchmarks.md, "Stream opens").
 * For each target in turn (the order reversed every other round, `BENCH_OPEN_ROUNDS` rounds, 3):
 * a fresh host (bench/lib/host.mjs, CPU 0) on an empty SQLite database with `BENCH_OPEN_USERS`
 * reader users (10) in one public channel; 20 warm-up streams open and close; then
 * `BENCH_OPEN_N` streams (600; each its own device, round-robin over the users) open 200 at a
 * time, each until `ready`, and close, `BENCH_OPEN_REPS` times (3). The client (CPU 1) is
 * bench/lib/client.mjs. The bare node:http limit runs the same way in every round.
 *
 *   node bench/stream-opens.mjs dist dist-base     builds: directories below packages/server
 *   BENCH_PROFILE=1 …                              CPU profiles of the Parley hosts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupChannel, tokenMinter } from './lib/api.mjs';
import { Children } from './lib/ipc.mjs';
import { openRate } from './lib/stream-figures.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const ROUNDS = Number(env.BENCH_OPEN_ROUNDS ?? 3);
const USERS = Number(env.BENCH_OPEN_USERS ?? 10);
const N = Number(env.BENCH_OPEN_N ?? 600);
const REPS = Number(env.BENCH_OPEN_REPS ?? 3);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const builds = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['dist'];
const targets = ['bare', ...builds];
const children = new Children(path.join(here, 'lib'), { pin: os.cpus().length >= 2 });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'parley-opens-'));

async function drain(host) {
  for (let i = 0; i < 200 && (await host.call('streams')) > 0; i++) await sleep(50);
}

async function measure(client, target, round) {
  const kind = target === 'bare' ? 'bare' : 'parley';
  if (kind === 'parley') process.env.BENCH_SERVER_DIST = target;
  // BENCH_PROFILE=1: a V8 CPU profile of each Parley host (summarise with bench/lib/profile-summary.mjs).
  const nodeArgs =
    env.BENCH_PROFILE === '1' && kind === 'parley'
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(here, 'results', 'profiles')}`]
      : [];
  const host = children.start('host.mjs', 0, `${target} host`, { args: [kind], nodeArgs });
  try {
    const dir = path.join(tmp, `${target}-${round}`);
    const info = await host.call('start', kind === 'parley' ? [dir] : []);
    await client.call('configure', [info.port]);
    let tokensFor = async (n) => Array(n).fill('unused');
    if (kind === 'parley') {
      const { readers } = await setupChannel(info.port, USERS);
      const mint = tokenMinter();
      tokensFor = (n) => mint(host, readers, n);
    }
    await client.call('openStreams', [await tokensFor(20)], 60_000);
    await client.call('closeStreams');
    await drain(host);
    const rates = [];
    for (let rep = 0; rep < REPS; rep++) {
      const tokens = await tokensFor(N);
      const o = await client.call('openStreams', [tokens], 300_000);
      if (o.ready !== N) throw new Error(`${target}: ${o.ready} of ${N} ready (${JSON.stringify(o.errors)})`);
      rates.push(openRate([o]));
      await client.call('closeStreams');
      await drain(host);
    }
    return rates;
  } finally {
    await children.stop(host);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

try {
  const client = children.start('client.mjs', 1, 'load client');
  const rates = new Map(targets.map((t) => [t, []]));
  const load = os.loadavg()[0];
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      const r = await measure(client, target, round);
      rates.get(target).push(...r);
      console.error(`round ${round + 1} ${target}: ${r.map((x) => x.toFixed(0)).join(', ')} opens/s`);
    }
  }
  const bare = median(rates.get('bare'));
  console.log(
    `\nStream opens/s, ${N} streams × ${REPS} per round, ${ROUNDS} rounds, ${USERS} users (load1 ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}):\n`,
  );
  console.log('| target | opens/s min / median / max | median × bare |');
  console.log('|---|---|---|');
  for (const t of targets) {
    const xs = rates.get(t);
    console.log(
      `| ${t} | ${Math.min(...xs).toFixed(0)} / ${median(xs).toFixed(0)} / ${Math.max(...xs).toFixed(0)} | ${(median(xs) / bare).toFixed(2)}× |`,
    );
  }
} finally {
  await children.stopAll();
  rmSync(tmp, { recursive: true, force: true });
}
