/**
 * CPU time of processes read from /proc (Linux only): one process (Janus), and a process with all
 * its descendants (this bench with its server, browser and Janus), for per-window deltas; and CPU
 * pinning with taskset. Browsers and Janus are not Node processes, so they cannot report their own
 * CPU as the other bench processes do (process-meter.mjs).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: /proc's utime and stime are in these ticks. */
const HZ = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** `{ppid, comm, cpuMs}` of a process (all its threads), or null once it is gone. */
export function procStat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // comm may hold spaces and parentheses: the fields start after the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const f = text.slice(close + 2).split(' ');
  // f[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  return { ppid: Number(f[1]), comm, cpuMs: ((Number(f[11]) + Number(f[12])) / HZ) * 1000 };
}

/** Every live process below `root` (not `root` itself), as pid → stat. */
export function descendants(root) {
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = procStat(Number(name));
    if (s) all.set(Number(name), s);
  }
  const out = new Map();
  let frontier = [root];
  while (frontier.length > 0) {
    const next = [];
    for (const [pid, s] of all) {
      if (frontier.includes(s.ppid) && !out.has(pid)) {
        out.set(pid, s);
        next.push(pid);
      }
    }
    frontier = next;
  }
  return out;
}

/** CPU ms of `root` and its live descendants, per pid (for deltas over processes alive at both ends). */
export function treeCpu(root) {
  const map = new Map([...descendants(root)].map(([pid, s]) => [pid, s.cpuMs]));
  const self = procStat(root);
  if (self) map.set(root, self.cpuMs);
  return map;
}

/** CPU ms the tree used between two treeCpu readings (processes that exited between are lost). */
export function treeDelta(before, after) {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** Pins a process and all its threads to CPUs (`'0'`, `'0,1'`); false when taskset fails. */
export function pin(pid, cpus) {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(cpus), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Pins `one` to CPU `cpu` and those of `root`'s descendants that `confine` picks (by their
 * procStat) to the remaining CPUs; `root` and the others stay free on every CPU (null: every
 * process back on all CPUs). Processes started later inherit their parent's affinity.
 */
export function pinApart(root, one, cpu, cpuCount, confine = () => true) {
  const all = Array.from({ length: cpuCount }, (_, i) => i);
  const rest = cpu === null ? all : all.filter((c) => c !== cpu);
  let ok = true;
  for (const [pid, stat] of [[root, procStat(root)], ...descendants(root)]) {
    if (pid === one) continue;
    const cpus = pid !== root && stat && confine(stat) ? rest : all;
    ok = pin(pid, cpus.join(',')) && ok;
  }
  return pin(one, cpu === null ? all.join(',') : String(cpu)) && ok;
}

/** A process's threads counted by `state/wchan` (what they wait in), to tell a stall from idling. */
export function threadStates(pid) {
  const counts = {};
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      let wchan = '?';
      try {
        wchan = readFileSync(`/proc/${pid}/task/${tid}/wchan`, 'utf8') || '-';
      } catch {
        // Not readable here: the state alone.
      }
      counts[`${state}/${wchan}`] = (counts[`${state}/${wchan}`] ?? 0) + 1;
    }
  } catch {
    return null;
  }
  return counts;
}
