/**
 * What a server-side bench process (host.mjs, cluster-node.mjs) measures about itself, per phase
 * the orchestrator marks with phaseStart / phaseEnd: its CPU, wall time and event-loop delay, and
 * the timings of the steps it instruments (an insert, a publish, a lock wait), one sample per call.
 */
import { performance } from 'node:perf_hooks';
import { cpuMs, memory, PhaseMeter } from './process-meter.mjs';
import { summarize } from './stats.mjs';

/** Samples per step and phase, so that a long phase cannot grow the heap it also measures. */
const MAX_SAMPLES = 200_000;

/**
 * `record(kind, value)` for the instrumentation, and the IPC commands the orchestrator calls.
 * phaseEnd reports `<kind>Ms` per step, summarised by `summarizeFn`, in the order of `kinds`.
 */
export function serverPhases(kinds, { summarizeFn = summarize, loopDelayMax = false } = {}) {
  const meter = new PhaseMeter();
  let samples;
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
        return true;
      },
      phaseEnd: () => ({
        ...meter.end(),
        ...(loopDelayMax && { eventLoopDelayMaxMs: meter.loopDelayMaxMs() }),
        ...Object.fromEntries(kinds.map((k) => [`${k}Ms`, summarizeFn(samples[k])])),
      }),
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
