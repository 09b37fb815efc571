/**
 * Memory after load (issue 9): the server's RSS at rest, then after each of `BENCH_BURSTS` send
 * bursts (64 senders for `BENCH_BURST_MS`, no streams), each read after 0.5 s idle and gc, for
 * Parley and the bare limit in their memory passes. Shows whether memory comes back after a
 * burst and whether it creeps up from burst to burst.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { num, QUICK } from './env.mjs';
import { f1, fx } from './report.mjs';
import { ratio } from './stats.mjs';

export async function sendBursts(host, client, { gid, token }, textBytes) {
  const count = num(process.env.BENCH_BURSTS, QUICK ? 2 : 5);
  const durationMs = num(process.env.BENCH_BURST_MS, QUICK ? 2000 : 10_000);
  await host.call('phaseStart');
  await sleep(500);
  const out = [{ burst: 0, sends: 0, ...(await host.call('memory')) }];
  for (let b = 1; b <= count; b++) {
    const r = await client.call(
      'throughput',
      [{ gid, token, concurrency: 64, durationMs, maxRequests: 1_000_000, textBytes }],
      durationMs + 120_000,
    );
    // The host keeps a timing sample per send (bench/lib/server-phases.mjs) until the next phase:
    // up to MB of the harness's own arrays, which are not the server's memory. Dropped first.
    await host.call('phaseStart');
    await sleep(500);
    out.push({ burst: b, sends: r.ok, ...(await host.call('memory')) });
  }
  return out;
}

/** The report line, or undefined when the run has no bursts (an older results file). */
export function burstsLine({ parley, bare }) {
  const pb = parley.bursts;
  const bb = bare.bursts;
  if (!(pb?.length > 1 && bb?.length > 1)) return undefined;
  const mbs = (list) => list.map((b) => f1(b.rss / 2 ** 20)).join(' → ');
  const last = (list) => list[list.length - 1].rss;
  const growth = (list) => `${f1(((last(list) - list[0].rss) / list[0].rss) * 100)} %`;
  return (
    `   RSS after send bursts (no streams, 64 senders, after gc; at rest first, then after each burst): ` +
    `Parley ${mbs(pb)} MB (${pb.slice(1).reduce((a, b) => a + b.sends, 0)} sends, ${growth(pb)} from rest), ` +
    `bare ${mbs(bb)} MB (${growth(bb)}). Parley / bare RSS: ${fx(ratio(pb[0].rss, bb[0].rss))} at rest, ` +
    `${fx(ratio(last(pb), last(bb)))} after the last burst.`
  );
}
