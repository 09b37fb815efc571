/**
 * The tables of bench/cluster.mjs (docs/benchmarks.md, "Scaled mode"): every figure beside the
 * limit measured in the same run, the noise of the run, and which stage bounds the scaled sends.
 * Also used to re-print an earlier run (`node bench/cluster.mjs --report <file>`).
 */
import { clientBound, f0, f1, f2, fx, mean, table } from './report.mjs';
import { ratio } from './stats.mjs';
import { heapOf, openRate, perStreamKB, rssOf, slopeKB } from './stream-figures.mjs';

export function report(res) {
  const out = [];
  const m = res.machine;
  const s = res.pgSettings ?? {};
  const runs = res.inProcess;
  out.push(
    `Parley scaled-mode benchmark ${res.startedAt} · git ${m.git} · Node ${m.node} · PostgreSQL ${m.postgres} ` +
      `(fsync=${s.fsync}, synchronous_commit=${s.synchronous_commit}, wal_sync_method=${s.wal_sync_method}) · ` +
      `Redis ${m.redis} · ${m.cpus}× ${m.cpuModel} · ${res.config.quick ? 'QUICK' : 'full'} run`,
  );
  out.push(
    res.pinned
      ? 'CPU layout: PostgreSQL, Redis, every Parley node and the limit loops pinned to CPU 0; the load client ' +
          '(all streams and senders) pinned to CPU 1; loopback. '
      : 'CPU layout: nothing pinned (taskset missing, BENCH_PIN=0 or < 2 CPUs); loopback. ',
  );
  out.push(
    'These figures compare costs on one machine. They say nothing about a multi-machine deployment: there is no ' +
      'network between the nodes, PostgreSQL and Redis, and every server-side process shares one core. ' +
      `Other processes on the machine: ${f0(m.otherCpuPctAtStart)}% of one core just before, ` +
      `${f0(res.noise?.otherCpuPct)}% during the run (load1 ${m.load1Start.toFixed(2)} → ${m.load1End?.toFixed(2)}) → ` +
      `${res.noise?.noisy ? 'NOISY (> 15 % before or > 10 % during)' : 'quiet'}.`,
  );
  out.push(
    `Nodes: A and B scaled (DATABASE_URL + REDIS_URL); C = one node on the same PostgreSQL without REDIS_URL ` +
      `(in-process bus), run ${runs.map((r) => r.tag).join(' and ')} A+B; C figures are their mean.`,
  );

  // ---- 1. fan-out
  const cFan = (level, variant, pick) =>
    mean(runs.map((r) => pick(r.fanout.find((f) => f.level === level && f.variant === variant))));
  /** Each C run's value in brackets when there are several (they are averaged for the ratios). */
  const each = (vals, fmt) => (vals.length > 1 ? ` [${vals.map(fmt).join(', ')}]` : '');
  const cFanEach = (level, variant, pick) =>
    each(
      runs.map((r) => pick(r.fanout.find((f) => f.level === level && f.variant === variant))),
      f1,
    );
  /** Fan-out wall time per message on one node (bursts summed) and the mean chat events per burst. */
  const fanPer = (srv) =>
    srv?.fanoutBurstMs?.sum
      ? { ms: srv.fanoutMs.sum / srv.fanoutBurstMs.sum, burst: srv.fanoutBurstMs.mean }
      : null;
  const fanCell = (srv) => {
    const v = fanPer(srv);
    return v ? `${f2(v.ms)} (${f1(v.burst)})` : '–';
  };
  const sFan = (level, variant, config) =>
    res.scaled.fanout.find((f) => f.level === level && f.variant === variant && f.config === config);
  out.push('');
  out.push(
    `1. Fan-out: ms from the start of a send request to its chat frame on the LAST of N streams (p50 / p99 over ` +
      `M=${res.config.messages} messages), and per stream (p50 / p99 over every message × stream arrival). ` +
      `Streams on B; cross-node = sends to A; same-node = sends to B (still through Redis); in-process = streams ` +
      `and sends on C. sequential = one sender, next send after full delivery; concurrent = ` +
      `${res.config.fanoutSenders} senders, each sending again on its ack (closed loop: queueing once delivery lags).`,
  );
  const fanRows = [];
  const fanCost = [];
  for (const level of res.config.streams) {
    for (const variant of ['sequential', 'concurrent']) {
      const x = sFan(level, variant, 'cross-node');
      const y = sFan(level, variant, 'same-node');
      if (!x || !y) continue;
      const c50 = cFan(level, variant, (f) => f?.lastMs.p50);
      const c99 = cFan(level, variant, (f) => f?.lastMs.p99);
      fanRows.push([
        x.streams,
        variant,
        `${f1(x.lastMs.p50)} / ${f1(x.lastMs.p99)}`,
        `${f1(y.lastMs.p50)} / ${f1(y.lastMs.p99)}`,
        `${f1(c50)} / ${f1(c99)}${cFanEach(level, variant, (f) => f?.lastMs.p50)}`,
        `${fx(ratio(x.lastMs.p50, c50))} / ${fx(ratio(x.lastMs.p99, c99))}`,
        `${fx(ratio(y.lastMs.p50, c50))} / ${fx(ratio(y.lastMs.p99, c99))}`,
        `${f1(x.perStreamMs.p50)} / ${f1(x.perStreamMs.p99)} · ${f1(y.perStreamMs.p50)} / ${f1(y.perStreamMs.p99)} · ` +
          `${f1(cFan(level, variant, (f) => f?.perStreamMs.p50))} / ${f1(cFan(level, variant, (f) => f?.perStreamMs.p99))}`,
        `${x.complete}/${y.complete}/${runs.map((r) => r.fanout.find((f) => f.level === level && f.variant === variant)?.complete).join('+')} of ${x.messages}`,
      ]);
      const perMsg = (f) => (f ? f.cpu.nodesMs / Math.max(1, f.acked) : null);
      const cc = (f) => (f ? `${f0((f.clientCpuMs / f.wallMs) * 100)}${clientBound(f) ? '*' : ''}` : '–');
      fanCost.push([
        x.streams,
        variant,
        `${f1(x.ackMs.p50)} / ${f1(y.ackMs.p50)} / ${f1(cFan(level, variant, (f) => f?.ackMs.p50))}`,
        `${f1(x.firstMs.p50)} / ${f1(y.firstMs.p50)} / ${f1(cFan(level, variant, (f) => f?.firstMs.p50))}`,
        `${fanCell(x.server.B)} / ${fanCell(y.server.B)} / ` +
          `${f2(cFan(level, variant, (f) => fanPer(f?.server.C)?.ms))} (${f1(cFan(level, variant, (f) => fanPer(f?.server.C)?.burst))})`,
        `${f2(perMsg(x))} / ${f2(perMsg(y))} / ${f2(cFan(level, variant, perMsg))}`,
        `${f0(x.cpu.cpu0Pct)} / ${f0(y.cpu.cpu0Pct)} / ${f0(cFan(level, variant, (f) => f?.cpu.cpu0Pct))}`,
        `${cc(x)} / ${cc(y)} / ${runs.map((r) => cc(r.fanout.find((f) => f.level === level && f.variant === variant))).join('+')}`,
      ]);
    }
  }
  out.push(
    table(
      [
        'N',
        'variant',
        'cross last p50/p99',
        'same last p50/p99',
        'in-proc last p50/p99',
        'cross / in-proc',
        'same / in-proc',
        'per stream p50/p99 cross · same · in-proc',
        'complete',
      ],
      fanRows,
    ),
  );
  out.push(
    `   Where the time goes (cross / same / in-process): ack p50 ms; first stream p50 ms; the stream node's ` +
      `fan-out wall time per message (hub delivery until the sockets are written; in brackets the chat events ` +
      `delivered per burst, i.e. in one tick, whose writes node:http joins into one writev per stream); server ` +
      `CPU per message (all running nodes, ms); CPU 0 busy %; load-client CPU % (* = client-bound: > 60 % or ` +
      `loop delay p99 > 20 ms; one value per C run).`,
  );
  out.push(
    table(
      [
        'N',
        'variant',
        'ack p50',
        'first p50',
        'fan-out ms/msg (burst)',
        'node CPU ms/msg',
        'CPU0 %',
        'client CPU %',
      ],
      fanCost,
    ),
  );

  // ---- 2. throughput
  out.push('');
  const L = res.limits;
  const tight = (k) => mean(L.map((l) => l.pgTight.find((t) => t.clients === k)?.rowsPerSec));
  const tight1 = tight(1);
  const replay = mean(L.map((l) => l.replay.perSec));
  const redisRate = mean(L.map((l) => l.redis.perSec));
  const rp = L[0].replay.partsMs;
  out.push(
    `2. Send throughput: acknowledged sends/s (HTTP 200 with a mid) over ${res.config.durationMs} ms with K ` +
      `concurrent keep-alive senders; first with no streams, then with ${res.config.throughputStreams} streams ` +
      `reading everything (on B for the scaled rows, on C for in-process). 1 node = all senders to A; ` +
      `2 nodes = senders alternately to A and B.`,
  );
  out.push(
    `   Limits (same PostgreSQL and Redis, from a process on CPU 0; ${L.map((l) => l.tag).join(' / ')} the nodes, mean): ` +
      `INSERT+COMMIT tight loop ${[...new Set([1, ...res.config.senders])]
        .map((k) => `${k} client${k > 1 ? 's' : ''} ${f0(tight(k))}/s`)
        .join(', ')} (1-client commit p50 ${f2(L[0].pgTight[0].commitMs.p50)} ms); ` +
      `replay of one scaled send's statements without HTTP, one send per lock hold ${f0(replay)}/s (p50 ${f2(L[0].replay.sendMs.p50)} ms = ` +
      `lock ${f2(rp.lock.p50)} + insert/commit ${f2(rp.insertCommit.p50)} + previous mid ${f2(rp.prevMid.p50)} + ` +
      `publish ${f2(rp.publish.p50)} + unlock ${f2(rp.unlock.p50)}); Redis PUBLISH ${f0(redisRate)}/s ` +
      `(RTT p50 ${f0(L[0].redis.rttMs.p50 * 1000)} µs, ${L[0].redis.payloadBytes} B, no subscribers).`,
  );
  const cTp = (k, level, pick) =>
    mean(runs.map((r) => pick(r.throughput.find((t) => t.concurrency === k && t.streamsTarget === level))));
  const sTp = (k, level, config) =>
    res.scaled.throughput.find(
      (t) => t.concurrency === k && t.streamsTarget === level && t.config === config,
    );
  const tpRows = [];
  const tpCost = [];
  for (const level of [0, res.config.throughputStreams]) {
    for (const k of res.config.senders) {
      const one = sTp(k, level, '1 node');
      const two = sTp(k, level, '2 nodes');
      const c = cTp(k, level, (t) => t?.perSec);
      const best = Math.max(one?.perSec ?? 0, two?.perSec ?? 0) || null;
      const rows = [one, two].filter(Boolean);
      tpRows.push([
        k,
        level,
        `${f0(c)}${each(
          runs.map((r) => r.throughput.find((t) => t.concurrency === k && t.streamsTarget === level)?.perSec),
          f0,
        )}`,
        `${f0(one?.perSec)} (${f1(one?.ackMs.p50)} / ${f1(one?.ackMs.p99)})`,
        two ? `${f0(two.perSec)} (${f1(two.ackMs.p50)} / ${f1(two.ackMs.p99)})` : '–',
        `${fx(ratio(one?.perSec, c))} / ${fx(ratio(two?.perSec, c))}`,
        fx(ratio(best, tight1)),
        fx(ratio(best, tight(k))),
        fx(ratio(best, replay)),
        rows.every((r) => r.rowsMatchAcks) && runs.every((r) => r.throughput.every((t) => t.rowsMatchAcks))
          ? 'yes'
          : 'NO',
      ]);
      for (const [name, r] of [
        ['in-process', runs[0].throughput.find((t) => t.concurrency === k && t.streamsTarget === level)],
        ['1 node', one],
        ['2 nodes', two],
      ]) {
        if (!r) continue;
        tpCost.push(costRow(k, level, name, r));
      }
    }
  }
  out.push(
    table(
      [
        'K',
        'N',
        'in-process sends/s',
        'scaled 1 node sends/s (ack p50/p99 ms)',
        'scaled 2 nodes',
        'scaled / in-proc 1n / 2n',
        'best scaled / PG 1 client',
        '/ PG K clients',
        '/ replay',
        'rows = acks',
      ],
      tpRows,
    ),
  );
  out.push(
    `   Where the time goes (in-process row from the first C run). Sends are group-committed: whoever takes ` +
      `the send lock (cluster-wide advisory lock in scaled mode, the node's mutex in-process) commits every ` +
      `send queued by then in one transaction and publishes them before letting go. Per batch (mean ms): ` +
      `lock wait (acquiring), hold = commit (the transaction) + rest (previous-mid read, the publishes); ` +
      `sends per batch; publish = one chat event's PUBLISH round trip (in-process: its delivery); lock busy = ` +
      `held share of the wall time, summed over nodes (100 % = the serial section is the bottleneck); lock ` +
      `allows/s = sends per batch × 1000 / hold; CPU 0 busy and its split (node processes / PostgreSQL / ` +
      `Redis, % of one core); CPU of all node processes per acked send; client CPU %; what saturates first ` +
      `(CPU 0 ≥ 90 %, lock busy ≥ 80 %, client-bound).`,
  );
  out.push(
    table(
      [
        'K',
        'N',
        'config',
        'lock wait',
        'hold (commit / rest)',
        'sends/batch',
        'publish',
        'lock busy',
        'lock allows/s',
        'CPU0 % (nodes / PG / Redis)',
        'node CPU ms/send',
        'client %',
        'bound',
      ],
      tpCost,
    ),
  );
  out.push(`   ${boundSummary(res, { tight1, tightK: tight, replay, redisRate })}`);

  // ---- 3. memory
  out.push('');
  const bPts = res.scaled.memory.points;
  const cPts = runs[0].memory.points;
  out.push(
    `3. Memory per idle stream, node process only: scaled node B vs in-process node C, each fresh (no message ` +
      `traffic yet), tokens minted first, 20 warm-up streams opened and closed, then streams in 4 steps to ` +
      `N=${Math.max(...res.config.streams)} (${res.config.readers} users), 0.5 s idle and 3× gc before each reading. ` +
      `(value at N − value at 0) / N in KB; slope = least-squares fit over all steps. heap = heapUsed + external.`,
  );
  const bm = perStreamKB(bPts);
  const cm = perStreamKB(cPts);
  const memRows = bm.map((p, i) => [
    p.n,
    `${f1(p.rss)} / ${f1(p.heap)}`,
    `${f1(cm[i]?.rss)} / ${f1(cm[i]?.heap)}`,
    `${fx(ratio(p.rss, cm[i]?.rss))} / ${fx(ratio(p.heap, cm[i]?.heap))}`,
  ]);
  memRows.push([
    'slope',
    `${f1(slopeKB(bPts, rssOf))} / ${f1(slopeKB(bPts, heapOf))}`,
    `${f1(slopeKB(cPts, rssOf))} / ${f1(slopeKB(cPts, heapOf))}`,
    `${fx(ratio(slopeKB(bPts, rssOf), slopeKB(cPts, rssOf)))} / ${fx(ratio(slopeKB(bPts, heapOf), slopeKB(cPts, heapOf)))}`,
  ]);
  out.push(
    table(['N', 'scaled B RSS / heap KB per stream', 'in-process C RSS / heap', 'ratio RSS / heap'], memRows),
  );
  out.push(
    `   Idle RSS with 0 streams: B ${f1(bPts[0].rss / 2 ** 20)} MB, C ${f1(cPts[0].rss / 2 ** 20)} MB. ` +
      `Opening streams (200 at a time, each until ready, empty channel): B ${f0(openRate(res.scaled.memory.opens))}/s, ` +
      `C ${f0(openRate(runs[0].memory.opens))}/s.`,
  );
  return out.join('\n');
}

/** Which stage bounds the scaled sends, from the ratios to the limits and the CPU 0 readings. */
function boundSummary(res, { tight1, tightK, replay, redisRate }) {
  const rows = res.scaled.throughput.filter((r) => r.concurrency > 1);
  if (rows.length === 0) return 'Bound: no scaled row with more than one sender.';
  const best = rows.reduce((x, y) => (y.perSec > x.perSec ? y : x));
  const avg = (f) => mean(rows.map(f));
  const cpuSat = rows.filter((r) => r.cpu.cpu0Pct >= 90).length;
  const lockBusy = (r) =>
    (Object.values(r.server).reduce((a, n) => a + (n.lockHoldMs?.sum ?? 0), 0) / r.cpu.wallMs) * 100;
  const lockSat = rows.filter((r) => lockBusy(r) >= 80).length;
  const nodesPct = avg((r) => (r.cpu.nodesMs / r.cpu.wallMs) * 100);
  const pgPct = avg((r) => (r.cpu.pgMs / r.cpu.wallMs) * 100);
  const redisPct = avg((r) => (r.cpu.redisMs / r.cpu.wallMs) * 100);
  const scaledCpu = avg((r) => r.cpu.nodesMs / Math.max(1, r.ok));
  const inproc = res.inProcess.flatMap((x) => x.throughput).filter((r) => r.concurrency > 1);
  const inprocCpu = mean(inproc.map((r) => r.cpu.nodesMs / Math.max(1, r.ok)));
  const facts =
    `Best scaled rate with K > 1: ${f0(best.perSec)}/s (${best.config}, K=${best.concurrency}, N=${best.streams}) = ` +
    `${fx(ratio(best.perSec, tight1))} the 1-client INSERT+COMMIT loop, ${fx(ratio(best.perSec, tightK(best.concurrency)))} ` +
    `the ${best.concurrency}-client loop, ${fx(ratio(best.perSec, replay))} the one-send-per-lock replay, ` +
    `${fx(ratio(best.perSec, redisRate))} Redis PUBLISH. CPU 0 was ≥ 90 % busy in ${cpuSat} of ${rows.length} scaled ` +
    `rows with K > 1 (mean split: nodes ${f0(nodesPct)} %, PostgreSQL ${f0(pgPct)} %, Redis ${f0(redisPct)} % of the ` +
    `core); the send lock was ≥ 80 % busy in ${lockSat}. Node CPU per send: scaled ${f2(scaledCpu)} ms, in-process ` +
    `${f2(inprocCpu)} ms (${fx(ratio(scaledCpu, inprocCpu))}).`;
  let verdict;
  if (cpuSat >= rows.length / 2) {
    const top = [
      ['the Parley node processes', nodesPct],
      ['PostgreSQL', pgPct],
      ['Redis', redisPct],
    ].sort((x, y) => y[1] - x[1])[0][0];
    verdict =
      `Bound: the shared server core (CPU 0) saturates first, mostly in ${top}` +
      (lockSat < rows.length / 2
        ? '; the send lock is held < 80 % of the time in most rows, and the commit loop and Redis run ' +
          'well above the send rate.'
        : '; the send lock is also held ≥ 80 % of the time in most rows.');
  } else if (lockSat >= rows.length / 2) {
    verdict = 'Bound: the send lock (one batch commit + publish at a time), not the CPU.';
  } else {
    verdict = 'Bound: nothing measured here saturated in most rows (see the table).';
  }
  return `${verdict} ${facts}`;
}

function costRow(k, level, name, r) {
  const nodes = Object.values(r.server);
  const sum = (key, f) => nodes.reduce((a, n) => a + (n[key]?.[f] ?? 0), 0);
  const avg = (key) => (sum(key, 'n') ? sum(key, 'sum') / sum(key, 'n') : null);
  const holdMean = avg('lockHoldMs');
  const waitMean = avg('lockWaitMs');
  const batchMean = avg('batchMs'); // sends per batch (a count, recorded like the timings)
  const commitMean = avg('commitMs');
  const pubMean = avg('publishMs');
  const busy = (sum('lockHoldMs', 'sum') / r.cpu.wallMs) * 100;
  const w = r.cpu.wallMs;
  const nodesPct = (r.cpu.nodesMs / w) * 100;
  const pgPct = r.cpu.pgMs == null ? null : (r.cpu.pgMs / w) * 100;
  const redisPct = r.cpu.redisMs == null ? null : (r.cpu.redisMs / w) * 100;
  const clientPct = (r.clientCpuMs / r.elapsedMs) * 100;
  const bound = [];
  if (r.cpu.cpu0Pct >= 90) {
    const parts = [
      ['nodes', nodesPct],
      ['PostgreSQL', pgPct ?? 0],
      ['Redis', redisPct ?? 0],
    ].sort((x, y) => y[1] - x[1]);
    bound.push(`CPU 0 (most: ${parts[0][0]})`);
  }
  if (busy >= 80) bound.push('send lock');
  if (clientBound({ ...r, wallMs: r.elapsedMs })) bound.push('client');
  if (bound.length === 0) bound.push(k === 1 ? 'round trip of 1 sender' : 'none ≥ 80 %');
  return [
    k,
    level,
    name,
    f2(waitMean),
    `${f2(holdMean)} (${f2(commitMean)} / ${f2(holdMean == null || commitMean == null ? null : holdMean - commitMean)})`,
    f1(batchMean),
    f2(pubMean),
    `${f0(busy)} %`,
    f0(holdMean && batchMean ? (1000 * batchMean) / holdMean : null),
    `${f0(r.cpu.cpu0Pct)} (${f0(nodesPct)} / ${f0(pgPct)} / ${f0(redisPct)})`,
    f2(r.cpu.nodesMs / Math.max(1, r.ok)),
    `${f0(clientPct)}`,
    bound.join(' + '),
  ];
}
