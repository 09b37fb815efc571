#!/usr/bin/env node
/**
 * Summarises a V8 .cpuprofile (from BENCH_PROFILE=1): self time by area (Parley's dist, Fastify,
 * Kysely, better-sqlite3, other packages, Node internals, GC/native) and the top functions; then
 * Parley's own functions and modules with three figures each (issue 9, "Where a send's CPU goes"):
 *
 *   self        samples whose innermost frame is the function
 *   attributed  self, plus the library, Node and native frames it called (down to the next Parley
 *               frame): what the function costs with the packages it drives, counted once
 *   total       samples with the function anywhere on the stack (inclusive; overlaps its callers)
 *
 *   node bench/lib/profile-summary.mjs <file.cpuprofile> [top] [--sends N] [--all]
 *
 * When `phases-<pid>.jsonl` (written by server-phases.mjs under --cpu-prof) lies beside the profile,
 * only samples taken inside a measured phase count, unless `--all`. `--sends N` adds ms per send.
 * A worker thread's profile (the SQLite writer) has its own file with the same pid.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const [, value] = args.splice(i, 2);
  return value;
};
const allSamples = args.includes('--all');
if (allSamples) args.splice(args.indexOf('--all'), 1);
const sends = Number(flag('--sends') ?? 0);
const [file, topArg] = args;
const top = Number(topArg ?? 25);
if (!file) {
  console.error('usage: profile-summary.mjs <file.cpuprofile> [top] [--sends N] [--all]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

// The measured phases of this process, if the host wrote them (pid is the 4th dot-field: CPU.<date>.<time>.<pid>.<tid>.<seq>).
const pid = path.basename(file).split('.')[3];
const phasesFile = path.join(path.dirname(file), `phases-${pid}.jsonl`);
const phases =
  !allSamples && existsSync(phasesFile)
    ? readFileSync(phasesFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
const inPhase = (t) => phases.length === 0 || phases.some((p) => t >= p.startUs && t <= p.endUs);

function area(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.includes('/packages/server/dist')) return 'parley server';
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
  if (url.startsWith('evalmachine') || url === '[worker eval]') return 'writer thread source';
  return url;
}

const shortUrl = (url) => url.replace(/^.*\/(node_modules|packages)\//, '$1/');
const fnKey = (cf) =>
  `${cf.functionName || '(anonymous)'} ${cf.url ? `${shortUrl(cf.url)}:${cf.lineNumber + 1}` : ''}`;
const isOurs = (cf) => {
  const a = area(cf.url, cf.functionName || '(anonymous)');
  return a === 'parley server' || a === 'parley protocol' || a === 'writer thread source';
};
const moduleOf = (cf) => shortUrl(cf.url).replace(/^packages\/server\/dist[^/]*\//, '');

const areas = new Map();
const fns = new Map();
const ours = new Map(); // key → { self, attributed, total }
const modules = new Map();
const bump = (map, key, field, us) => {
  let e = map.get(key);
  if (!e) map.set(key, (e = { self: 0, attributed: 0, total: 0 }));
  e[field] += us;
};
let total = 0;
let t = profile.startTime;
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  t += dt[i] ?? 0;
  // A sample's weight is the time until the next one (V8's own convention in DevTools).
  const us = dt[i + 1] ?? 0;
  if (!inPhase(t)) continue;
  const leaf = byId.get(profile.samples[i]);
  const cf = leaf.callFrame;
  const name = cf.functionName || '(anonymous)';
  areas.set(area(cf.url, name), (areas.get(area(cf.url, name)) ?? 0) + us);
  fns.set(fnKey(cf), (fns.get(fnKey(cf)) ?? 0) + us);
  total += us;
  // Walk the stack once: self for the leaf, attributed for the innermost Parley frame, total for all.
  const seenFn = new Set();
  const seenMod = new Set();
  let attributedDone = false;
  for (let id = leaf.id; id !== undefined; id = parentOf.get(id)) {
    const frame = byId.get(id).callFrame;
    if (!isOurs(frame)) continue;
    const k = fnKey(frame);
    const m = moduleOf(frame);
    if (id === leaf.id) {
      bump(ours, k, 'self', us);
      bump(modules, m, 'self', us);
    }
    if (!attributedDone) {
      bump(ours, k, 'attributed', us);
      bump(modules, m, 'attributed', us);
      attributedDone = true;
    }
    if (!seenFn.has(k)) {
      bump(ours, k, 'total', us);
      seenFn.add(k);
    }
    if (!seenMod.has(m)) {
      bump(modules, m, 'total', us);
      seenMod.add(m);
    }
  }
}

const pct = (us) => `${((us / total) * 100).toFixed(1)}%`.padStart(6);
const perSend = (us) => (sends > 0 ? `${(us / 1000 / sends).toFixed(4)}`.padStart(8) : '');
const idle = areas.get('(idle)') ?? 0;
console.log(
  `total ${(total / 1000).toFixed(0)} ms sampled, idle ${(idle / 1000).toFixed(0)} ms` +
    (phases.length ? ` (inside ${phases.length} measured phase(s) only)` : ' (whole profile)') +
    (sends ? `; busy ${((total - idle) / 1000 / sends).toFixed(4)} ms per send over ${sends} sends` : '') +
    '\n\nself time by area:',
);
for (const [a, us] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 20))
  console.log(`${pct(us)} ${perSend(us)}  ${a}`);
console.log(`\ntop ${top} functions by self time:`);
for (const [k, us] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, top))
  console.log(`${pct(us)} ${perSend(us)}  ${k}`);

const table = (title, map) => {
  console.log(`\n${title} (self / attributed / total, % of sampled${sends ? '; then ms per send' : ''}):`);
  for (const [k, e] of [...map].sort((x, y) => y[1].attributed - x[1].attributed).slice(0, top)) {
    const cols = [pct(e.self), pct(e.attributed), pct(e.total)].join(' ');
    const ms = sends ? ` | ${perSend(e.self)} ${perSend(e.attributed)} ${perSend(e.total)}` : '';
    console.log(`${cols}${ms}  ${k}`);
  }
};
table(`Parley modules by attributed time`, modules);
table(`Parley functions by attributed time`, ours);
