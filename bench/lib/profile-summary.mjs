#!/usr/bin/env node
/**
 * Summarises a V8 .cpuprofile (from BENCH_PROFILE=1): self time by area (Parley's dist, Fastify,
 * Kysely, better-sqlite3, other packages, Node internals, GC/native) and the top functions.
 *
 *   node bench/lib/profile-summary.mjs bench/results/profiles/<file>.cpuprofile [top]
 */
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
if (!file) {
  console.error('usage: profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
}

function area(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.includes('/packages/server/dist/')) return 'parley server';
  if (url.includes('/packages/protocol/')) return 'parley protocol';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) {
    if (
      pkg[1] === 'fastify' ||
      pkg[1].startsWith('@fastify/') ||
      pkg[1] === 'find-my-way' ||
      pkg[1] === 'light-my-request'
    )
      return 'fastify';
    return pkg[1];
  }
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/bench/')) return 'bench harness';
  return url;
}

const areas = new Map();
const fns = new Map();
let total = 0;
for (const [id, us] of self) {
  const n = byId.get(id);
  const { functionName, url, lineNumber } = n.callFrame;
  const name = functionName || '(anonymous)';
  const a = area(url, name);
  areas.set(a, (areas.get(a) ?? 0) + us);
  const key = `${name} ${url ? `${url.replace(/^.*\/(node_modules|packages)\//, '$1/')}:${lineNumber + 1}` : ''}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  total += us;
}
const pct = (us) => `${((us / total) * 100).toFixed(1)}%`.padStart(6);
const idle = areas.get('(idle)') ?? 0;
console.log(
  `total ${(total / 1000).toFixed(0)} ms sampled, idle ${(idle / 1000).toFixed(0)} ms\n\nself time by area:`,
);
for (const [a, us] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 20)) console.log(`${pct(us)}  ${a}`);
console.log(`\ntop ${top} functions by self time:`);
for (const [k, us] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);
