/**
 * What a server-side bench process (host.mjs, cluster-node.mjs) measures about itself, per phase
 * the orchestrator marks with phaseStart / phaseEnd: its CPU, wall time and event-loop delay, and
 * the timings of the steps it instruments (an insert, a publish, a lock wait), one sample per call.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuMs, memory, PhaseMeter } from './process-meter.mjs';
import { summarize } from './stats.mjs';

/**
 * Under `--cpu-prof` (BENCH_PROFILE=1), each phase's start and end on the profile's clock (both are
 * CLOCK_MONOTONIC, in µs), one JSON line per phase in `<profile dir>/phases-<pid>.jsonl`, so
 * bench/lib/profile-summary.mjs can keep only the samples taken while the orchestrator measured.
 */
const profileDir = process.execArgv
  .find((a) => a.startsWith('--cpu-prof-dir='))
  ?.slice('--cpu-prof-dir='.length);
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
function markPhase(start) {
  if (!profileDir) return;
  mkdirSync(profileDir, { recursive: true });
  const line = JSON.stringify({ startUs: start, endUs: monotonicUs() });
  appendFileSync(path.join(profileDir, `phases-${process.pid}.jsonl`), `${line}\n`);
}

/** Samples per step and phase, so that a long phase cannot grow the heap it also measures. */
const MAX_SAMPLES = 200_000;

/**
 * `record(kind, value)` for the instrumentation, and the IPC commands the orchestrator calls.
 * phaseEnd reports `<kind>Ms` per step, summarised by `summarizeFn`, in the order of `kinds`.
 */
export function serverPhases(kinds, { summarizeFn = summarize, loopDelayMax = false } = {}) {
  const meter = new PhaseMeter();
  let samples;
  let phaseStartUs = 0;
  const reset = () => (samples = Object.fromEntries(kinds.map((k) => [k, []])));
  reset();
  return {
    record(kind, value) {
      const list = samples[kind];
      if (list.length < MAX_SAMPLES) list.push(value);
    },
    commands: {
      memory,
      cpuTotal: () => cpuMs(),
      phaseStart() {
        reset();
        meter.start();
        phaseStartUs = monotonicUs();
        return true;
      },
      phaseEnd() {
        markPhase(phaseStartUs);
        return {
          ...meter.end(),
          ...(loopDelayMax && { eventLoopDelayMaxMs: meter.loopDelayMaxMs() }),
          ...Object.fromEntries(kinds.map((k) => [`${k}Ms`, summarizeFn(samples[k])])),
        };
      },
    },
  };
}

/**
 * Times the async method `obj[method]` by replacing it on that instance, so the server code itself
 * stays untouched; calls `filter` rejects pass through untimed. False when there is no such method.
 */
export function timeAsync(obj, method, record, filter = () => true) {
  if (!obj || typeof obj[method] !== 'function') return false;
  const orig = obj[method].bind(obj);
  obj[method] = async (...args) => {
    if (!filter(...args)) return orig(...args);
    const t0 = performance.now();
    try {
      return await orig(...args);
    } finally {
      record(performance.now() - t0);
    }
  };
  return true;
}
