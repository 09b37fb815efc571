/**
 * The load client, one process driven over IPC by `bench/run.mjs`: many event streams plus the
 * senders, against whichever host is running (Parley or the bare broadcaster), with the same code.
 * Streams and senders are the shared ones (sse-streams.mjs, http-sender.mjs, send-load.mjs), all on
 * the one port `configure` names. What only this harness reports: the size of a chat frame, client
 * CPU per message, and a new device's connect → ready.
 */
import { Arrivals, StreamSet } from './sse-streams.mjs';
import { sendersFor } from './http-sender.mjs';
import { fanout, throughput } from './send-load.mjs';
import { cpuMs } from './process-meter.mjs';
import { serveIpc } from './ipc.mjs';

let port = 0;
const streams = new StreamSet(new Arrivals());

serveIpc({
  configure(p) {
    port = p;
    return true;
  },

  openStreams: (tokens, batch, readyTimeoutMs) => streams.openMany(port, tokens, batch, readyTimeoutMs),
  closeStreams: () => streams.closeAll(),
  streamCount: () => streams.readyCount(),

  async fanout(args) {
    const r = await fanout(streams, sendersFor(args.concurrency, [port]), args);
    return {
      ...r,
      frameBytes: streams.arrivals.frameBytes,
      clientCpuMsPerMessage: r.clientCpuMs / Math.max(1, r.acked),
    };
  },

  throughput: (args) => throughput(streams, sendersFor(args.concurrency, [port]), args),

  /** One new device: connect → first byte → ready, and what arrived before ready. */
  async syncProbe(token) {
    const s = await streams.open(port, token, 30_000);
    const out = {
      ok: s.ready,
      error: s.error,
      firstByteMs: s.firstByteAt ? s.firstByteAt - s.startedAt : null,
      readyMs: s.readyAt ? s.readyAt - s.startedAt : null,
      bytesBeforeReady: s.bytesBeforeReady,
      chatFramesBeforeReady: s.chatBeforeReady,
    };
    s.sock.destroy();
    return out;
  },

  cpuTotal: () => cpuMs(),
});
