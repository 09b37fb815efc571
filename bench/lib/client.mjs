/**
 * The load client, one process driven over IPC by `bench/run.mjs`: many event streams plus the
 * senders, against whichever host is running (Parley or the bare broadcaster), with the same code.
 *
 * Streams are raw `net` sockets with a hand-written GET; the client never decodes text. It finds
 * `{"type":"ready"}` and `{"type":"chat","mid":<n>` with Buffer searches between frame ends, so a
 * frame costs a few indexOf calls per stream. Send start and arrival times come from this
 * process's clock (performance.now), so no clocks are compared across processes.
 */
import net from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { serveIpc } from './ipc.mjs';
import { summarize } from './stats.mjs';

const HOST = '127.0.0.1';
const TERM = Buffer.from('\n\n');
const READY = Buffer.from('{"type":"ready"}');
const CHAT = Buffer.from('{"type":"chat","mid":');

let port = 0;
const streams = new Set();
const eld = monitorEventLoopDelay({ resolution: 5 });
eld.enable();

// Arrival bookkeeping for the message being measured: mid -> { first, last, count }.
let arrivals = new Map();
let expected = 0;
const waiters = new Map();
let frameBytes = null;
/** Off during throughput runs: streams are still read (no backpressure) but frames not parsed. */
let tracking = true;

function arrive(mid, t) {
  let rec = arrivals.get(mid);
  if (!rec) arrivals.set(mid, (rec = { first: t, last: t, count: 0 }));
  rec.count += 1;
  rec.last = t;
  if (rec.count === expected) {
    const w = waiters.get(mid);
    if (w) {
      waiters.delete(mid);
      w();
    }
  }
}

function scan(s, buf, from, to, t) {
  let pos = from;
  if (!s.ready) {
    const r = buf.indexOf(READY, from);
    if (r < 0 || r >= to) {
      for (let i = buf.indexOf(CHAT, from); i >= 0 && i < to; i = buf.indexOf(CHAT, i + CHAT.length)) {
        s.chatBeforeReady += 1;
      }
      return;
    }
    for (let i = buf.indexOf(CHAT, from); i >= 0 && i < r; i = buf.indexOf(CHAT, i + CHAT.length)) {
      s.chatBeforeReady += 1;
    }
    s.ready = true;
    s.readyAt = t;
    s.bytesBeforeReady = s.bytes;
    s.onReady?.();
    pos = r + READY.length;
  }
  for (;;) {
    const i = buf.indexOf(CHAT, pos);
    if (i < 0 || i >= to) return;
    let j = i + CHAT.length;
    let mid = 0;
    for (let c = buf[j]; c >= 48 && c <= 57; c = buf[++j]) mid = mid * 10 + (c - 48);
    if (frameBytes === null) {
      const end = buf.indexOf(TERM, j);
      if (end > 0) frameBytes = end + 2 - (i - 'data: '.length);
    }
    arrive(mid, t);
    pos = j;
  }
}

function onData(s, chunk) {
  const t = performance.now();
  if (s.firstByteAt === 0) s.firstByteAt = t;
  s.bytes += chunk.length;
  const buf = s.carry ? Buffer.concat([s.carry, chunk]) : chunk;
  s.carry = null;
  let start = 0;
  if (!s.headers) {
    const h = buf.indexOf('\r\n\r\n');
    if (h < 0) {
      s.carry = Buffer.from(buf);
      return;
    }
    const status = buf.toString('latin1', 0, Math.min(h, 64)).split('\r\n')[0];
    if (!/^HTTP\/1\.1 200/.test(status)) {
      s.error = status;
      s.sock.destroy();
      return;
    }
    s.headers = true;
    start = h + 4;
  }
  const end = buf.lastIndexOf(TERM);
  if (end < start) {
    if (start < buf.length) s.carry = Buffer.from(buf.subarray(start));
    return;
  }
  if (tracking || !s.ready) scan(s, buf, start, end + 2, t);
  if (end + 2 < buf.length) s.carry = Buffer.from(buf.subarray(end + 2));
}

function openOne(token, readyTimeoutMs) {
  return new Promise((resolve) => {
    const s = {
      sock: null,
      headers: false,
      ready: false,
      carry: null,
      bytes: 0,
      bytesBeforeReady: 0,
      chatBeforeReady: 0,
      startedAt: performance.now(),
      firstByteAt: 0,
      readyAt: 0,
      error: null,
      closed: false,
    };
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(s);
    };
    const timer = setTimeout(() => {
      s.error ??= 'no ready before timeout';
      finish();
    }, readyTimeoutMs);
    s.onReady = finish;
    const sock = net.connect({ host: HOST, port });
    s.sock = sock;
    sock.setNoDelay(true);
    sock.on('connect', () => {
      sock.write(
        `GET /api/user/events?api-key=${encodeURIComponent(token)} HTTP/1.1\r\n` +
          `Host: ${HOST}:${port}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    sock.on('data', (chunk) => onData(s, chunk));
    sock.on('error', (err) => {
      s.error ??= err.code ?? err.message;
    });
    sock.on('close', () => {
      s.closed = true;
      streams.delete(s);
      finish();
    });
    streams.add(s);
  });
}

function readyCount() {
  let n = 0;
  for (const s of streams) if (s.ready && !s.closed) n += 1;
  return n;
}

/**
 * A minimal keep-alive HTTP/1.1 client for the sends: one socket per sender, a hand-written
 * request, the response read by Content-Length. node:http's client costs several times more CPU
 * per request, which on 2 cores makes the load client, not the server, the bottleneck.
 */
class Sender {
  sock = null;
  buf = null;
  pending = null;

  connect() {
    return new Promise((resolve) => {
      const sock = net.connect({ host: HOST, port }, () => resolve(true));
      this.sock = sock;
      this.buf = null;
      sock.setNoDelay(true);
      sock.on('data', (c) => {
        this.buf = this.buf ? Buffer.concat([this.buf, c]) : c;
        this.parse();
      });
      sock.on('error', (err) => this.settle(0, err.code ?? err.message));
      sock.on('close', () => {
        this.settle(0, 'closed');
        resolve(false);
      });
    });
  }

  settle(status, body) {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    p.resolve({ status, body, t0: p.t0, t1: performance.now() });
  }

  parse() {
    if (!this.pending || !this.buf) return;
    const h = this.buf.indexOf('\r\n\r\n');
    if (h < 0) return;
    const head = this.buf.toString('latin1', 0, h);
    const m = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!m) {
      this.sock.destroy();
      return this.settle(0, 'response without content-length');
    }
    const end = h + 4 + Number(m[1]);
    if (this.buf.length < end) return;
    const body = this.buf.toString('utf8', h + 4, end);
    this.buf = end < this.buf.length ? this.buf.subarray(end) : null;
    this.settle(Number(head.slice(9, 12)), body);
  }

  async post(path, token, body) {
    if (!this.sock || this.sock.destroyed) await this.connect();
    return new Promise((resolve) => {
      this.pending = { resolve, t0: performance.now() };
      this.sock.write(
        `POST ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\nContent-Type: text/plain\r\n` +
          `X-API-Key: ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  close() {
    this.sock?.destroy();
  }
}

const textOf = (seq, bytes) => `bench ${String(seq).padStart(9, '0')} `.padEnd(bytes, 'x');

function cpuMs(since) {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
}

let seq = 0;

serveIpc({
  configure(p) {
    port = p;
    return true;
  },

  /** Opens one stream per token, `batch` connections at a time, each waiting for `ready`. */
  async openStreams(tokens, batch = 200, readyTimeoutMs = 30_000) {
    const t0 = performance.now();
    const errors = {};
    let ok = 0;
    for (let i = 0; i < tokens.length; i += batch) {
      const opened = await Promise.all(tokens.slice(i, i + batch).map((t) => openOne(t, readyTimeoutMs)));
      for (const s of opened) {
        if (s.ready && !s.closed) ok += 1;
        else {
          errors[s.error ?? 'closed'] = (errors[s.error ?? 'closed'] ?? 0) + 1;
          s.sock.destroy();
        }
      }
    }
    return { requested: tokens.length, ready: ok, openNow: readyCount(), ms: performance.now() - t0, errors };
  },

  async closeStreams() {
    const all = [...streams];
    for (const s of all) s.sock.destroy();
    return all.length;
  },

  streamCount: () => readyCount(),

  /**
   * Sends `messages` messages with `concurrency` senders. With concurrency 1 each send waits for
   * its message to reach every stream before the next starts (isolated latencies); with more,
   * each sender sends again as soon as its send is acknowledged. Per message: ack, send start →
   * first stream, send start → last stream.
   */
  async fanout({ gid, token, messages, concurrency, textBytes, waitMs = 10_000 }) {
    arrivals = new Map();
    frameBytes = null;
    expected = readyCount();
    const senders = Array.from({ length: concurrency }, () => new Sender());
    const cpu0 = process.cpuUsage();
    eld.reset();
    const results = [];
    const pending = [];
    let nonOk = 0;
    let issued = 0;
    const t0 = performance.now();
    const waitFor = (mid) =>
      new Promise((resolve) => {
        const rec = arrivals.get(mid);
        if (expected === 0 || (rec && rec.count >= expected)) return resolve(true);
        const timer = setTimeout(() => {
          waiters.delete(mid);
          resolve(false);
        }, waitMs);
        waiters.set(mid, () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
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
        const done = waitFor(mid).then((complete) => (entry.complete = complete));
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
    let complete = 0;
    for (const e of results) {
      const rec = arrivals.get(e.mid);
      if (rec) first.push(rec.first - e.t0);
      if (e.complete && rec) {
        complete += 1;
        last.push(rec.last - e.t0);
      }
    }
    return {
      streams: expected,
      messages,
      concurrency,
      acked: results.length,
      nonOk,
      complete,
      frameBytes,
      wallMs,
      ackMs: summarize(results.map((e) => e.ackMs)),
      firstMs: summarize(first),
      lastMs: summarize(last),
      clientCpuMs: cpuMs(cpu0),
      clientCpuMsPerMessage: cpuMs(cpu0) / Math.max(1, results.length),
      clientEventLoopDelayP99Ms: eld.percentile(99) / 1e6,
    };
  },

  /** Acknowledged sends per second with `concurrency` senders for `durationMs` (or `maxRequests`). */
  async throughput({ gid, token, concurrency, durationMs, maxRequests, textBytes }) {
    tracking = false;
    const before = readyCount();
    const senders = Array.from({ length: concurrency }, () => new Sender());
    const cpu0 = process.cpuUsage();
    eld.reset();
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
    tracking = true;
    return {
      concurrency,
      streams: before,
      streamsAfter: readyCount(),
      ok,
      failed: statuses,
      elapsedMs: elapsed,
      perSec: (ok / elapsed) * 1000,
      ackMs: summarize(lat),
      clientCpuMs: cpuMs(cpu0),
      clientEventLoopDelayP99Ms: eld.percentile(99) / 1e6,
    };
  },

  /** One new device: connect → first byte → ready, and what arrived before ready. */
  async syncProbe(token) {
    const s = await openOne(token, 30_000);
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

  cpuTotal() {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  },
});
