/**
 * What a results file says about the machine it was measured on, and how busy the rest of that
 * machine was: figures from a shared machine are only worth quoting when it was quiet.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** A command's trimmed output, or null when it is missing or fails (the report then says so). */
export function sh(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Busy CPU time of the whole machine (ms), from /proc/stat; null off Linux. */
export function machineBusyMs() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = f;
    const hz = 100; // USER_HZ
    return ((user + nice + system + irq + softirq + (steal ?? 0)) / hz) * 1000;
  } catch {
    return null;
  }
}

/**
 * The machine, and the commit of `root` (+dirty when packages/ has uncommitted changes: the code
 * measured is then not the commit named). With `tmpDir`, also the file system the run writes to.
 */
export function describeMachine(root, { tmpDir } = {}) {
  const gitSha = sh('git', ['-C', root, 'rev-parse', '--short', 'HEAD']) ?? 'nogit';
  const dirty = (sh('git', ['-C', root, 'status', '--porcelain', '--', 'packages']) ?? '') !== '';
  const machine = {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim(),
    memGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    ulimitN: sh('sh', ['-c', 'ulimit -n']),
    ...(tmpDir && { tmpFs: sh('stat', ['-f', '-c', '%T', tmpDir]) ?? '?' }),
    git: gitSha + (dirty ? '+dirty' : ''),
    load1Start: os.loadavg()[0],
  };
  return { gitSha, machine };
}

/**
 * Quiet gate: the share of one core (%) the rest of the machine uses while this process idles for
 * one second before a run starts.
 */
export async function otherCpuPctNow() {
  const b0 = machineBusyMs();
  const s0 = process.cpuUsage();
  await new Promise((r) => setTimeout(r, 1000));
  const b1 = machineBusyMs();
  const s = process.cpuUsage(s0);
  return b0 == null || b1 == null ? null : Math.max(0, (b1 - b0 - (s.user + s.system) / 1000) / 10);
}

/**
 * How much the rest of the machine ran during a run: its busy time between two machineBusyMs()
 * readings, less `oursMs` (the run's own processes). NOISY past 15 % of a core before the run or
 * 10 % during it.
 */
export function noiseDuring(busy0, busy1, oursMs, wallMs, otherCpuPctAtStart) {
  const other = busy0 == null || busy1 == null ? null : busy1 - busy0 - oursMs;
  return {
    otherCpuMs: other,
    otherCpuPct: other == null ? null : Math.max(0, (other / wallMs) * 100),
    noisy: otherCpuPctAtStart > 15 || (other != null && (other / wallMs) * 100 > 10),
  };
}
