/**
 * The printed report of a `bench/run.mjs` run (docs/benchmarks.md): each Parley figure next to
 * its limit measured in the same run. `report(result)` reads only the saved result, so
 * `node bench/run.mjs --report <file>` re-prints an earlier run.
 */
import { burstsLine } from './bursts.mjs';
import { clientBound, f0, f1, f2, fx, mean, table } from './report.mjs';
import { ratio } from './stats.mjs';
import { heapOf, openRate, perStreamKB, rssOf, slopeKB } from './stream-figures.mjs';

const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};

export function report(res) {
  const { parley, bare } = res;
  const out = [];
  const m = res.machine;
  out.push(
    `Parley benchmark ${res.startedAt} · git ${m.git} · Node ${m.node} · SQLite ${m.sqlite} · ` +
      `${m.cpus}× ${m.cpuModel} · fs ${m.tmpFs} · ${res.config.quick ? 'QUICK' : 'full'} run`,
  );
  out.push(
    `Run: server (Parley or bare limit) in one process${res.pinned ? ' pinned to CPU 0' : ''}; load client ` +
      `(all streams and senders) in another${res.pinned ? ' pinned to CPU 1' : ''}; loopback. ` +
      `Other processes on the machine: ${f0(m.otherCpuPctAtStart)}% of one core just before, ` +
      `${f0(res.noise.otherCpuPct)}% during the run (load1 ${m.load1Start.toFixed(2)}) → ` +
      `${res.noise.noisy ? 'NOISY (> 15 % before or > 10 % during)' : 'quiet'}.`,
  );
  out.push(
    `Limits: bare = node:http SSE broadcaster + send route, no framework, no DB (same client, same N); ` +
      `SQLite = better-sqlite3 on a copy of Parley's DB, WAL, synchronous=FULL, one commit per row. ` +
      `Bare runs: ${bare.map((b) => b.tag).join(' and ')} Parley; bare figures are their mean.`,
  );

  const bareFan = (level, variant, pick) =>
    mean(bare.map((b) => pick(b.fanout.find((f) => f.level === level && f.variant === variant))));
  const fb = parley.fanout[0]?.frameBytes;
  const fbb = bare[0].fanout[0]?.frameBytes;
  out.push('');
  out.push(
    `1. Fan-out: ms from the start of a send request to the chat frame parsed on the FIRST and on the LAST ` +
      `of N streams; M=${res.config.messages} messages, ${res.config.textBytes} B text (frame ${fb} B Parley / ${fbb} B bare); ` +
      `sequential = one sender, next send after full delivery; concurrent = ${res.config.fanoutSenders} senders, ` +
      `each sending again on its ack (closed loop: when they outpace delivery the latency is queueing). ` +
      `Ratio = Parley / bare (1.00× = the limit; higher is slower).`,
  );
  const fanRows = [];
  const fanCost = [];
  for (const f of parley.fanout) {
    const b = (pick) => bareFan(f.level, f.variant, pick);
    const b50 = b((x) => x?.lastMs.p50);
    const b99 = b((x) => x?.lastMs.p99);
    fanRows.push([
      f.streams,
      f.variant,
      `${f1(f.lastMs.p50)} / ${f1(f.lastMs.p99)}`,
      `${f1(b50)} / ${f1(b99)}`,
      `${fx(ratio(f.lastMs.p50, b50))} / ${fx(ratio(f.lastMs.p99, b99))}`,
      `${f1(f.firstMs.p50)} / ${f1(b((x) => x?.firstMs.p50))}`,
      `${f1(f.ackMs.p50)} / ${f1(b((x) => x?.ackMs.p50))}`,
      `${f0((f.acked / f.wallMs) * 1000)} / ${f0(b((x) => (x ? (x.acked / x.wallMs) * 1000 : null)))}`,
      `${f.complete}/${f.messages}`,
    ]);
    const wl = f.server.flushMs.mean;
    const bwl = b((x) => x?.server.flushMs.mean);
    const cpu = f.serverCpuMsPerMessage;
    const bcpu = b((x) => x?.serverCpuMsPerMessage);
    const ccpu = (x) => (x ? (x.clientCpuMs / x.wallMs) * 100 : null);
    const spread = bare
      .map((x) => x.fanout.find((y) => y.level === f.level && y.variant === f.variant)?.server.flushMs.mean)
      .filter((x) => x != null);
    fanCost.push([
      f.streams,
      f.variant,
      `${f2(wl)} / ${f2(bwl)}${spread.length > 1 ? ` [${spread.map(f1).join(', ')}]` : ''} (${fx(ratio(wl, bwl))})`,
      `${f2(cpu)} / ${f2(bcpu)} (${fx(ratio(cpu, bcpu))})`,
      `${f0(ccpu(f))}${clientBound(f) ? '*' : ''} / ${f0(b(ccpu))}${bare.some((x) => clientBound(x.fanout.find((y) => y.level === f.level && y.variant === f.variant))) ? '*' : ''}`,
      `${f1(f.server.eventLoopDelayP99Ms)} / ${f1(b((x) => x?.server.eventLoopDelayP99Ms))}`,
    ]);
  }
  out.push(
    table(
      [
        'N',
        'variant',
        'Parley last p50/p99',
        'bare last p50/p99',
        'ratio p50/p99',
        'first p50 P/bare',
        'ack p50 P/bare',
        'sends/s P/bare',
        'complete',
      ],
      fanRows,
    ),
  );
  out.push(
    `   Where the time goes (Parley / bare): the server's fan-out per message (serialise once, res.write to every ` +
      `stream, until the sockets are written; [each bare run]), server CPU per message, load-client CPU as % of its core (* = client-bound: > 60 % ` +
      `or its loop delay p99 > 20 ms, so the latency partly measures the client), server event-loop delay p99.`,
  );
  out.push(
    table(
      [
        'N',
        'variant',
        'fan-out mean ms',
        'server CPU ms/msg',
        'client CPU % P/bare',
        'server loop delay p99 ms',
      ],
      fanCost,
    ),
  );

  out.push('');
  const tightMean = mean(parley.tight.map((t) => t.rowsPerSec));
  out.push(
    `2. Send throughput: acknowledged sends/s (HTTP 200 with a mid) over ${res.config.durationMs} ms with K concurrent ` +
      `senders (keep-alive), N open streams reading everything. SQLite tight loop: ${parley.tight
        .map((t) => `${f0(t.rowsPerSec)}`)
        .join(' / ')} commits/s (before / after Parley; mean ${f0(tightMean)}; commit p50 ` +
      `${f2(parley.tight[0]?.commitMs.p50)} ms). Ratios: Parley / bare, Parley / SQLite. Where the bare run is ` +
      `client-bound (* below) its rate is a lower bound of the limit, so Parley / bare is an upper bound.`,
  );
  const tpRows = [];
  const tpCost = [];
  for (const p of [...parley.throughput, ...parley.throughputLoaded]) {
    const bareRuns = bare.map((b) =>
      [...b.throughput, ...b.throughputLoaded].find(
        (x) => x.concurrency === p.concurrency && x.streamsTarget === p.streamsTarget,
      ),
    );
    const bps = mean(bareRuns.map((x) => x?.perSec));
    tpRows.push([
      p.concurrency,
      p.streams,
      f0(p.perSec),
      `${f1(p.ackMs.p50)} / ${f1(p.ackMs.p99)}`,
      f0(bps),
      fx(ratio(p.perSec, bps)),
      fx(ratio(p.perSec, tightMean)),
      `${p.rowsAdded} ${p.rowsMatchAcks ? '= acks' : '≠ acks!'}`,
      p.streamsAfter === p.streams ? 'yes' : `${p.streamsAfter}/${p.streams}`,
    ]);
    const cpu = p.server.cpuMs / Math.max(1, p.ok);
    const bcpu = mean(bareRuns.map((x) => (x ? x.server.cpuMs / Math.max(1, x.ok) : null)));
    tpCost.push([
      p.concurrency,
      p.streams,
      f0((p.server.cpuMs / p.server.wallMs) * 100),
      `${f2(cpu)} / ${f2(bcpu)} (${fx(ratio(cpu, bcpu))})`,
      `${f2(p.server.insertMs.mean)} / ${f2(p.server.insertMs.p99)}`,
      p.server.batchMs?.n
        ? `${f1(p.server.batchMs.mean)} (${p.server.batchMs.p50} / ${p.server.batchMs.p90} / ${p.server.batchMs.max})`
        : '–',
      f2(p.server.verifyMs.mean),
      f2(p.server.flushMs.mean),
      f1(p.server.eventLoopDelayP99Ms),
      `${f0((p.clientCpuMs / p.elapsedMs) * 100)}${clientBound(p) ? '*' : ''} / ${f0(mean(bareRuns.map((x) => (x ? (x.clientCpuMs / x.elapsedMs) * 100 : null))))}${bareRuns.some(clientBound) ? '*' : ''}`,
    ]);
  }
  out.push(
    table(
      [
        'K',
        'N',
        'Parley sends/s',
        'ack p50/p99 ms',
        'bare sends/s',
        'P / bare',
        'P / SQLite',
        'DB rows',
        'streams kept',
      ],
      tpRows,
    ),
  );
  out.push(
    `   Where the time goes in Parley: server CPU % of its core; server CPU per acked send (Parley / bare); ` +
      `message insert+commit (mean / p99, wall); sends per commit (mean, p50 / p90 / max); access-token check (mean, wall); chat fan-out write loop (mean); ` +
      `server event-loop delay p99; load-client CPU % (Parley / bare; * = client-bound, see above).`,
  );
  out.push(
    table(
      [
        'K',
        'N',
        'server CPU %',
        'server CPU ms/send P/bare',
        'insert+commit ms',
        'sends per commit',
        'token check ms',
        'fan-out ms',
        'loop delay p99 ms',
        'client CPU % P/bare',
      ],
      tpCost,
    ),
  );
  if (res.framework) out.push(...frameworkFloor(res.framework, parley, bare));

  out.push('');
  out.push(
    `3. Memory per idle stream, server process only: fresh server processes that carried no messages, ` +
      `streams opened in 4 steps to N=${Math.max(...res.config.streams)} (Parley: empty channel, ${res.config.readers} users) ` +
      `after 20 warm-up streams were opened and closed, 0.5 s idle and 3× gc before each reading. (value at N − value at 0) / N in KB; slope = least-squares fit ` +
      `over all steps (the figure to quote). heap = heapUsed + external.`,
  );
  const pm = perStreamKB(res.memory.parley.points);
  const bm = perStreamKB(res.memory.bare.points);
  const memRows = pm.map((p, i) => [
    p.n,
    `${f1(p.rss)} / ${f1(p.heap)}`,
    `${f1(bm[i]?.rss)} / ${f1(bm[i]?.heap)}`,
    `${bm[i]?.rss > 0.5 ? fx(ratio(p.rss, bm[i].rss)) : '–'} / ${bm[i]?.heap > 0.5 ? fx(ratio(p.heap, bm[i].heap)) : '–'}`,
  ]);
  const pS = slopeKB(res.memory.parley.points, rssOf);
  const bS = slopeKB(res.memory.bare.points, rssOf);
  const pH = slopeKB(res.memory.parley.points, heapOf);
  const bH = slopeKB(res.memory.bare.points, heapOf);
  memRows.push([
    'slope',
    `${f1(pS)} / ${f1(pH)}`,
    `${f1(bS)} / ${f1(bH)}`,
    `${bS > 0.5 ? fx(ratio(pS, bS)) : '–'} / ${bH > 0.5 ? fx(ratio(pH, bH)) : '–'}`,
  ]);
  out.push(
    table(
      ['N', 'Parley RSS / heap KB per stream', 'bare RSS / heap KB per stream', 'ratio RSS / heap'],
      memRows,
    ),
  );
  out.push(
    `   Idle server RSS with 0 streams: Parley ${f1(res.memory.parley.points[0].rss / 2 ** 20)} MB, bare ` +
      `${f1(res.memory.bare.points[0].rss / 2 ** 20)} MB. Opening streams (200 at a time, each until ready): ` +
      `Parley ${f0(openRate(res.memory.parley.opens))}/s, bare ${f0(openRate(res.memory.bare.opens))}/s on an empty channel; ` +
      `with the 50-message backlog of the fan-out runs Parley ${f0(openRate(parley.opens))}/s.`,
  );
  const bursts = burstsLine(res.memory);
  if (bursts) out.push(bursts);

  out.push('');
  const s = parley.sync;
  const readyMed = median(s.probes.map((p) => p.readyMs));
  const bareConnect = median(bare.flatMap((b) => b.connectProbe.map((p) => p.readyMs)));
  out.push(
    `4. Initial sync of a new device: ${s.conversations} public channels × ${s.perConversation} messages; ` +
      `connect → ready (median of ${s.probes.length}). Limit: the same newest-${s.perConversation}-per-channel rows read ` +
      `by one indexed query per channel with better-sqlite3 and serialised to frames (no HTTP).`,
  );
  out.push(
    table(
      [
        'Parley connect→ready ms',
        'chat frames / bytes before ready',
        'raw read+serialise ms',
        'ratio',
        'bare connect→ready ms',
      ],
      [
        [
          f1(readyMed),
          `${s.probes[0]?.chatFramesBeforeReady} / ${s.probes[0]?.bytesBeforeReady}`,
          `${f1(s.raw.ms.p50)} (${s.raw.frames} frames)`,
          fx(ratio(readyMed, s.raw.ms.p50)),
          f1(bareConnect),
        ],
      ],
    ),
  );
  return out.join('\n');
}

/**
 * `BENCH_FRAMEWORK=1`: the send route on Fastify alone against bare node:http and Parley, in server
 * CPU per acknowledged send (the rates are client-bound at this size, the CPU is not).
 */
function frameworkFloor(framework, parley, bare) {
  const perSend = (x) => (x ? x.server.cpuMs / Math.max(1, x.ok) : null);
  const rows = framework.throughput.map((f) => {
    const same = (x) => x.concurrency === f.concurrency && x.streamsTarget === 0;
    const p = parley.throughput.find(same);
    const b = mean(bare.map((run) => perSend(run.throughput.find(same))));
    return [
      f.concurrency,
      f0(f.perSec),
      `${f2(perSend(f))} (${fx(ratio(perSend(f), b))} bare)`,
      f2(b),
      `${f2(perSend(p))} (${fx(ratio(perSend(p), b))} bare)`,
    ];
  });
  return [
    `   The framework's floor (BENCH_FRAMEWORK=1): the same send route on Fastify with no store, no authentication ` +
      `and no hub (bench/lib/host.mjs fastify), N = 0; server CPU per acknowledged send in ms.`,
    table(['K', 'Fastify sends/s', 'Fastify CPU ms/send', 'bare CPU ms/send', 'Parley CPU ms/send'], rows),
  ];
}
