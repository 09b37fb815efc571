/** The tables of bench/voice-media.mjs, and how its CPU windows count forwarded streams. */
import { slope, summarize } from './stats.mjs';

/**
 * Inbound streams (audio and video separately) of all pages whose packets grew between two
 * readings: each is one stream Janus sent out during the window. Packets and bytes are their sums.
 */
export function growingCount(before, after) {
  const out = { streams: 0, audio: 0, video: 0, packets: 0, bytes: 0 };
  after.forEach((page, i) => {
    const was = new Map(before[i].streams.map((s) => [s.id, s]));
    for (const s of page.streams) {
      const b = was.get(s.id);
      if (!b || s.packets <= b.packets) continue;
      out.streams += 1;
      out[s.kind] += 1;
      out.packets += s.packets - b.packets;
      out.bytes += s.bytes - b.bytes;
    }
  });
  return out;
}

const f = (v, d = 0) => (v == null ? '—' : v.toFixed(d));
const pad = (s, n) => String(s).padStart(n);

function latencyTable(rows) {
  const lines = [
    'join → first media frame, ms from the join click to the first decoded inbound video frame ("first")',
    'and to frames from every other member ("all"); limit: two RTCPeerConnections in the page, same clock',
    `${'path'.padEnd(8)}${pad('members', 8)}${pad('n', 4)}${pad('first p50', 11)}${pad('p95', 7)}` +
      `${pad('all p50', 9)}${pad('p95', 7)}${pad('limit p50', 11)}${pad('p95', 7)}${pad('first/limit', 13)}`,
  ];
  for (const r of rows) {
    const first = summarize(r.runs.map((x) => x.first ?? Infinity));
    const all = summarize(r.runs.map((x) => x.all ?? Infinity));
    const limit = summarize(r.limits.map((x) => x.first ?? Infinity));
    const [pathName, members] = r.label.split(' ');
    lines.push(
      `${pathName.padEnd(8)}${pad(members, 8)}${pad(first.n, 4)}${pad(f(first.p50), 11)}${pad(f(first.p95), 7)}` +
        `${pad(f(all.p50), 9)}${pad(f(all.p95), 7)}${pad(f(limit.p50), 11)}${pad(f(limit.p95), 7)}` +
        `${pad(f(first.p50 / limit.p50, 2) + '×', 13)}`,
    );
  }
  lines.push(
    'on the way (p50, ms from the click): a connection exists (ICE settings, getUserMedia and the join',
    'request done) → one connection connected (ICE + DTLS) → first frame; limit likewise',
  );
  for (const r of rows) {
    const p50 = (xs, k) => f(summarize(xs.map((x) => x[k] ?? Infinity)).p50);
    lines.push(
      `  ${r.label.padEnd(8)} ${p50(r.runs, 'pc')} → ${p50(r.runs, 'connected')} → ${p50(r.runs, 'first')}` +
        `   limit ${p50(r.limits, 'pc')} → ${p50(r.limits, 'connected')} → ${p50(r.limits, 'first')}`,
    );
  }
  return lines;
}

function cpuTable(rows) {
  const lines = [
    'Janus CPU (utime+stime of its process) per window; forwarded streams = inbound streams of all pages',
    'that grew in the window (audio and video counted separately)',
    `${'members'.padEnd(8)}${pad('forwarded', 10)}${pad('(a+v)', 8)}${pad('pkts/s', 8)}${pad('kbit/s', 8)}` +
      `${pad('Janus ms/s', 12)}${pad('per stream', 12)}${pad('µs/pkt', 8)}${pad('ours %', 8)}${pad('other %', 9)}`,
  ];
  const idle = rows.find((r) => r.members === 0)?.janusMsPerS ?? 0;
  for (const r of rows) {
    const above = r.janusMsPerS - idle;
    lines.push(
      `${(r.members === 0 ? 'idle' : String(r.members)).padEnd(8)}${pad(r.streams === r.expected ? r.streams : `${r.streams} of ${r.expected}!`, 10)}${pad(`${r.audio}+${r.video}`, 8)}` +
        `${pad(f(r.packetsPerS), 8)}${pad(f((r.bytesPerS * 8) / 1000), 8)}${pad(f(r.janusMsPerS, 1), 12)}` +
        `${pad(r.streams ? f(above / r.streams, 2) : '—', 12)}${pad(r.packets ? f((above * 1000) / r.packetsPerS, 1) : '—', 8)}` +
        `${pad(f(r.oursCpuPct), 8)}${pad(f(r.otherCpuPct), 9)}`,
    );
  }
  // A window where media stopped (fewer streams than the room has) says nothing about forwarding.
  const whole = rows.filter((r) => r.streams === r.expected);
  const s = slope(whole.map((r) => [r.streams, r.janusMsPerS]));
  const sp = slope(whole.map((r) => [r.packetsPerS, r.janusMsPerS]));
  lines.push(
    `slope: ${f(s, 2)} ms of Janus CPU per second per forwarded stream (least squares over the windows without "!", idle included)` +
      (s > 0 ? ` → ~${f(1000 / s)} such streams per core` : '') +
      `; ${f(sp == null ? null : sp * 1000, 1)} µs per forwarded packet`,
    '"per stream" and "µs/pkt" are above idle. Janus also receives the publishers\' streams (members × 2);',
    'the slope over forwarded streams carries that cost too. The browsers have the other core; server and bench run on either.',
  );
  return lines;
}

export function report(result) {
  const { machine, config } = result;
  return [
    `voice media, ${config.samples} samples per path (after one warm-up), ${config.windowMs / 1000} s CPU windows, ` +
      `git ${machine.git}, ${machine.cpus} × ${machine.cpuModel}`,
    `pinning in the CPU windows: ${result.cpu.every((c) => c.pinned) ? 'Janus on CPU 0, the browsers on the other CPU, server and bench on either' : 'none'}; joins unpinned`,
    '',
    ...latencyTable(result.latency),
    '',
    ...cpuTable(result.cpu),
    '',
    ...(result.failure ? [`FAILED at ${result.failure.members} members: ${result.failure.message}`, ''] : []),
    `quiet gate: other processes ${f(machine.otherCpuPctAtStart)} % of a core before, ${f(machine.otherCpuPctDuring)} % during, ` +
      `${f(machine.otherCpuPctAtEnd)} % after, ` +
      `${result.cpu.map((c) => f(c.otherCpuPct)).join('/')} % during the CPU windows → ${result.noisy ? 'NOISY' : 'quiet'}`,
  ].join('\n');
}
