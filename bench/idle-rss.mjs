#!/usr/bin/env node
/**
 * Idle RSS and start time of server builds against a bare node:http server, measured the same way
 * in the same minutes (docs/benchmarks.md, "Idle RSS, A/B"). Each reading is a fresh process
 * (bench/lib/idle-probe.mjs): start on an empty SQLite data directory, listen, wait
 * `IDLE_MS` (3000), gc three times, read `process.memoryUsage()` and VmRSS. The targets run in
 * turn, `BENCH_IDLE_RUNS` rounds (5), the order reversed every other round, and the report gives
 * min / median per target and the ratio of the medians to bare.
 *
 *   node bench/idle-rss.mjs dist dist-base dist-bundle   directories below packages/server with a main.js
 *   node bench/idle-rss.mjs dist@--max-semi-space-size=4,MALLOC_ARENA_MAX=2
 *                                                        the same build with node flags and environment
 *   node bench/idle-rss.mjs --groups                     attribution: bare node:http after importing
 *                                                        cumulative groups of the server's modules
 *   IDLE_LATE_MS=65000 node bench/idle-rss.mjs …         also a reading 65 s after the listen, once
 *                                                        V8 has shrunk its heap for an idle process
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineBusyMs, noiseDuring, otherCpuPctNow } from './lib/machine.mjs';
import { cpuMs } from './lib/process-meter.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const probe = path.join(here, 'lib/idle-probe.mjs');
const RUNS = Number(process.env.BENCH_IDLE_RUNS ?? 5);
const MB = 2 ** 20;

/** Cumulative groups: each target imports everything of the targets before it, plus its own. */
const GROUPS = [
  ['fastify', ['fastify']],
  ['+ fastify plugins', ['@fastify/static', '@fastify/swagger', '@fastify/swagger-ui', '@fastify/multipart']],
  ['+ typebox', ['typebox', 'typebox/compile']],
  ['+ protocol (route table)', ['@parley/protocol']],
  ['+ kysely', ['kysely']],
  ['+ better-sqlite3', ['better-sqlite3']],
  ['+ dist/app.js (every static import)', ['dist/app.js']],
  ['+ buildServer (no listen)', ['build:dist']],
];

function targets(argv) {
  if (argv[0] === '--groups') {
    const out = [{ name: 'bare node:http', args: ['imports'] }];
    const specs = [];
    for (const [name, more] of GROUPS) {
      specs.push(...more);
      out.push({ name, args: ['imports', ...specs] });
    }
    return out;
  }
  const dirs = argv.length > 0 ? argv : ['dist'];
  return [
    { name: 'bare node:http', args: ['imports'] },
    ...dirs.map((spec) => {
      // `dir@--flag,--flag`: the same build with node/V8 flags.
      const [dir, flags] = spec.split('@');
      const list = flags ? flags.split(',') : [];
      return {
        name: spec,
        node: list.filter((f) => f.startsWith('-')),
        env: Object.fromEntries(list.filter((f) => !f.startsWith('-')).map((f) => f.split('='))),
        args: ['main', path.join(root, 'packages/server', dir, 'main.js')],
      };
    }),
  ];
}

function readOnce(target) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-idle-'));
  try {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', ...(target.node ?? []), probe, ...target.args],
      {
        env: {
          ...process.env,
          ...target.env,
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        timeout: 120_000,
      },
    );
    const line = out.split('\n').find((l) => l.startsWith('IDLE_PROBE '));
    if (!line) throw new Error(`${target.name}: no reading in ${JSON.stringify(out.slice(-500))}`);
    return JSON.parse(line.slice('IDLE_PROBE '.length));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const min = (xs) => Math.min(...xs);

/** CPU ms of this process's finished children (every probe is waited for): /proc/self/stat cutime + cstime. */
function childrenCpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[13]) + Number(fields[14])) / 100) * 1000;
}

const list = targets(process.argv.slice(2));
const readings = new Map(list.map((t) => [t.name, []]));
const load = os.loadavg()[0];
const started = performance.now();
const otherAtStart = await otherCpuPctNow();
const busy0 = machineBusyMs();
const self0 = process.cpuUsage();
const children0 = childrenCpuMs();
for (let round = 0; round < RUNS; round++) {
  const order = round % 2 === 0 ? list : [...list].reverse();
  for (const target of order) {
    const r = readOnce(target);
    readings.get(target.name).push(r);
    console.error(
      `round ${round + 1} ${target.name}: VmRSS ${(r.vmRss / MB).toFixed(1)} MB` +
        (r.late ? ` (late ${(r.late.vmRss / MB).toFixed(1)} MB)` : '') +
        `, heap ${(r.heapUsed / MB).toFixed(1)} MB, start ${r.startMs.toFixed(0)} ms`,
    );
  }
}

const noise = noiseDuring(
  busy0,
  machineBusyMs(),
  cpuMs(self0) + childrenCpuMs() - children0,
  performance.now() - started,
  otherAtStart,
);
console.log(
  `\nquiet gate: other processes ${otherAtStart?.toFixed(0)} % of one core before the start, ` +
    `${noise.otherCpuPct?.toFixed(1)} % during the run → ${noise.noisy ? 'NOISY' : 'quiet'}`,
);
const bare = median(readings.get(list[0].name).map((r) => r.vmRss));
console.log(
  `\nIdle RSS, ${RUNS} fresh processes per target, alternating (load1 ${load.toFixed(1)} at start → ${os.loadavg()[0].toFixed(1)}):\n`,
);
console.log(
  '| target | VmRSS min / median MB | × bare (median) | heap used MB | external MB | RssAnon / RssFile MB | start ms median |',
);
console.log('|---|---|---|---|---|---|---|');
for (const t of list) {
  const rs = readings.get(t.name);
  const rss = rs.map((r) => r.vmRss);
  const f = (xs) => (median(xs) / MB).toFixed(1);
  console.log(
    `| ${t.name} | ${(min(rss) / MB).toFixed(1)} / ${f(rss)} | ${(median(rss) / bare).toFixed(2)}× | ${f(rs.map((r) => r.heapUsed))} | ${f(rs.map((r) => r.external))} | ${f(rs.map((r) => r.rssAnon))} / ${f(rs.map((r) => r.rssFile))} | ${median(rs.map((r) => r.startMs)).toFixed(0)} |`,
  );
}
const late = list.every((t) => readings.get(t.name).every((r) => r.late));
const bareLate = late ? median(readings.get(list[0].name).map((r) => r.late.vmRss)) : 0;
if (late) {
  console.log(
    `\nLate reading (IDLE_LATE_MS ${process.env.IDLE_LATE_MS} after the listen), VmRSS min / median MB and × bare:`,
  );
  for (const t of list) {
    const rss = readings.get(t.name).map((r) => r.late.vmRss);
    console.log(
      `  ${t.name}: ${(min(rss) / MB).toFixed(1)} / ${(median(rss) / MB).toFixed(1)}, ${(median(rss) / bareLate).toFixed(2)}×, heap used ${(median(readings.get(t.name).map((r) => r.late.heapUsed)) / MB).toFixed(1)} MB`,
    );
  }
}
