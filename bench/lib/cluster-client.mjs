/**
 * The load client of `bench/cluster.mjs`, one process driven over IPC, with the streams and
 * senders of `client.mjs` (sse-streams.mjs, http-sender.mjs, send-load.mjs) and two differences:
 *
 *   - streams and senders name their node: streams are opened on one port, and senders are spread
 *     round-robin over a list of ports (a send to node A, its frames read from node B);
 *   - a fan-out keeps every stream's arrival time per message, not only the first and the last,
 *     so the report can give percentiles over (message, stream) pairs.
 */
import { Arrivals, StreamSet } from './sse-streams.mjs';
import { sendersFor } from './http-sender.mjs';
import { fanout, throughput } from './send-load.mjs';
import { cpuMs } from './process-meter.mjs';
import { serveIpc } from './ipc.mjs';

const streams = new StreamSet(new Arrivals({ keepTimes: true }));

serveIpc({
  /** Opens one stream per token on `port`, `batch` connections at a time, each until `ready`. */
  openStreams: (port, tokens, batch, readyTimeoutMs) => streams.openMany(port, tokens, batch, readyTimeoutMs),
  closeStreams: () => streams.closeAll(),
  streamCount: () => streams.readyCount(),

  async fanout(args) {
    return { ports: args.ports, ...(await fanout(streams, sendersFor(args.concurrency, args.ports), args)) };
  },

  /** As client.mjs's, plus the acknowledged sends per node. */
  async throughput(args) {
    const senders = sendersFor(args.concurrency, args.ports);
    const r = await throughput(streams, senders, args);
    const okByPort = Object.fromEntries(args.ports.map((p) => [p, 0]));
    for (const s of senders) okByPort[s.port] += s.ok;
    return { ports: args.ports, ...r, okByPort };
  },

  cpuTotal: () => cpuMs(),
});
