/**
 * The two measurements both load clients make, with their streams (a StreamSet) and their senders:
 * fan-out latency and send throughput. Each also reports the client's own CPU time and event-loop
 * delay, so that a run the client rather than the server limited shows as one.
 */
import { performance } from 'node:perf_hooks';
import { PhaseMeter } from './process-meter.mjs';
import { summarize } from './stats.mjs';

const meter = new PhaseMeter();
let seq = 0;
const textOf = (n, bytes) => `bench ${String(n).padStart(9, '0')} `.padEnd(bytes, 'x');

/**
 * `messages` sends to channel `gid` by `senders`. With one sender each send waits for its message
 * to reach every stream before the next starts (isolated latencies); with more, each sender sends
 * again as soon as its send is acknowledged. Per message: ack, send start → first stream, send
 * start → last stream; with arrival times kept, send start → every stream (`perStreamMs`).
 */
export async function fanout(streams, senders, { gid, token, messages, textBytes, waitMs = 10_000 }) {
  const { arrivals } = streams;
  arrivals.reset(streams.readyCount());
  const concurrency = senders.length;
  meter.start();
  const results = [];
  const pending = [];
  let nonOk = 0;
  let issued = 0;
  const t0 = performance.now();
  const worker = async (sender) => {
    while (issued < messages) {
      issued += 1;
      const r = await sender.post(`/api/group/${gid}/send`, token, textOf(++seq, textBytes));
      if (r.status !== 200) {
        nonOk += 1;
        continue;
      }
      const mid = Number(r.body);
      const entry = { mid, t0: r.t0, ackMs: r.t1 - r.t0, complete: false };
      results.push(entry);
      const done = arrivals.waitFor(mid, waitMs).then((complete) => (entry.complete = complete));
      if (concurrency === 1) await done;
      else pending.push(done);
    }
  };
  await Promise.all(senders.map(worker));
  await Promise.all(pending);
  const wallMs = performance.now() - t0;
  for (const x of senders) x.close();
  const first = [];
  const last = [];
  const perStream = [];
  let complete = 0;
  for (const e of results) {
    const rec = arrivals.byMid.get(e.mid);
    if (rec) first.push(rec.first - e.t0);
    if (e.complete && rec) {
      complete += 1;
      last.push(rec.last - e.t0);
      if (rec.times) for (const t of rec.times) perStream.push(t - e.t0);
    }
  }
  arrivals.forget();
  return {
    streams: arrivals.expected,
    messages,
    concurrency,
    acked: results.length,
    nonOk,
    complete,
    wallMs,
    ackMs: summarize(results.map((e) => e.ackMs)),
    firstMs: summarize(first),
    lastMs: summarize(last),
    ...(arrivals.keepTimes && { perStreamMs: summarize(perStream) }),
    clientCpuMs: meter.cpuMs(),
    clientEventLoopDelayP99Ms: meter.loopDelayP99Ms(),
  };
}

/**
 * Acknowledged sends per second by `senders` for `durationMs` (or `maxRequests`). The streams are
 * still read, so the server never meets backpressure, but their frames are not parsed.
 */
export async function throughput(streams, senders, { gid, token, durationMs, maxRequests, textBytes }) {
  streams.tracking = false;
  const before = streams.readyCount();
  meter.start();
  const lat = [];
  const statuses = {};
  let ok = 0;
  let issued = 0;
  const t0 = performance.now();
  const deadline = t0 + durationMs;
  const worker = async (sender) => {
    while (issued < maxRequests && performance.now() < deadline) {
      issued += 1;
      const r = await sender.post(`/api/group/${gid}/send`, token, textOf(++seq, textBytes));
      if (r.status === 200) {
        ok += 1;
        lat.push(r.t1 - r.t0);
      } else statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  };
  await Promise.all(senders.map(worker));
  const elapsed = performance.now() - t0;
  for (const x of senders) x.close();
  streams.tracking = true;
  return {
    concurrency: senders.length,
    streams: before,
    streamsAfter: streams.readyCount(),
    ok,
    failed: statuses,
    elapsedMs: elapsed,
    perSec: (ok / elapsed) * 1000,
    ackMs: summarize(lat),
    clientCpuMs: meter.cpuMs(),
    clientEventLoopDelayP99Ms: meter.loopDelayP99Ms(),
  };
}
