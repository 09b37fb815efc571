/**
 * The BENCH_* variables both harnesses (bench/run.mjs, bench/cluster.mjs) read. They mean the same
 * in both, so they are read in one place; only the defaults that differ come from the caller.
 */
import os from 'node:os';

const env = process.env;
export const QUICK = env.BENCH_QUICK === '1';

/** A number, or `d` when the variable is unset, empty or not a number. */
export const num = (v, d) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);

/** Comma-separated whole numbers ≥ `min`; anything else in the list is dropped. */
export const list = (v, d, min = 0) =>
  v
    ? v
        .split(',')
        .map((x) => Number(x.trim()))
        .filter((x) => Number.isInteger(x) && x >= min)
    : d;

/**
 * The shared settings, in the order the config line and the results file have always shown them;
 * `extra` (a harness's own settings) goes before the run-control ones.
 */
export function benchConfig({ streams, senders, throughputStreams, maxSeconds, minCount = 0 }, extra = {}) {
  return {
    quick: QUICK,
    /** Stream counts for fan-out and memory (ramped up in this order, streams kept open). */
    streams: list(env.BENCH_N, streams, minCount),
    /** Messages per fan-out measurement, and senders in the concurrent variant. */
    messages: num(env.BENCH_M, QUICK ? 50 : 200),
    fanoutSenders: num(env.BENCH_SENDERS, QUICK ? 10 : 20),
    /** Concurrent senders for throughput, the stream count of the second throughput pass, duration. */
    senders: list(env.BENCH_K, senders, minCount),
    throughputStreams: num(env.BENCH_TP_N, throughputStreams),
    durationMs: num(env.BENCH_DURATION_MS, QUICK ? 1000 : 2000),
    maxRequests: 50_000,
    textBytes: num(env.BENCH_TEXT_BYTES, 100),
    /** Stream owners: N streams are spread over this many users (each stream its own device). */
    readers: Math.max(1, num(env.BENCH_READERS, 10)),
    ...extra,
    /** Limit → measured → limit: repeat the limit runs afterwards (off in quick mode). */
    repeatLimits: env.BENCH_REPEAT_LIMITS ? env.BENCH_REPEAT_LIMITS === '1' : !QUICK,
    pin: env.BENCH_PIN !== '0' && os.cpus().length >= 2,
    maxSeconds: num(env.BENCH_MAX_SECONDS, maxSeconds),
  };
}

/**
 * The stream counts a run ramps through, ascending. All streams live in one client process, so a
 * run asking for more than its file descriptors can hold is refused before anything starts.
 */
export function streamLevels(cfg) {
  if (Math.max(0, ...cfg.streams, cfg.throughputStreams) > 15_000) {
    console.error('bench: at most 15000 streams per run (one client process, FD limit)');
    process.exit(2);
  }
  return [...new Set([...cfg.streams, cfg.throughputStreams])].filter((n) => n > 0).sort((a, b) => a - b);
}
