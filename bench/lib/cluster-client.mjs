/**
 * The load client of `bench/cluster.mjs`, one process driven over IPC. It is `client.mjs` (same
 * raw-socket streams with Buffer searches for `{"type":"ready"}` and `{"type":"chat","mid":<n>`,
 * same minimal keep-alive sender, one clock for send start and arrival) with two differences:
 *
 *   - streams and senders name their node: streams are opened on one port, and senders are spread
 *     round-robin over a list of ports (a send to node A, its frames read from node B);
 *   - a fan-out records every stream's arrival time per message, not only the first and the last,
 *     so the report can give percentiles over (message, stream) pairs.
 */
import net from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { serveIpc } from './ipc.mjs';
import { summarize } from './stats.mjs';

const HOST = '127.0.0.1';
const TERM = Buffer.from('\n\n');
const READY = Buffer.from('{"type":"ready"}');
const CHAT = Buffer.from('{"type":"chat","mid":');

const streams = new Set();
const eld = monitorEventLoopDelay({ resolution: 5 });
eld.enable();

// mid -> { first, last, count, times[] } for the fan-out being measured.
let arrivals = new Map();
let expected = 0;
const waiters = new Map();
/** Off during throughput runs: streams are still read (no backpressure) but frames not parsed. */
let tracking = true;

function arrive(mid, t) {
  let rec = arrivals.get(mid);
  if (!rec) arrivals.set(mid, (rec = { first: t, last: t, count: 0, times: [] }));
  rec.count += 1;
  rec.last = t;
  rec.times.push(t);
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
    if (r < 0 || r >= to) return;
    s.ready = true;
    s.readyAt = t;
    s.onReady?.();
    pos = r + READY.length;
  }
  if (!tracking) return;
  for (;;) {
    const i = buf.indexOf(CHAT, pos);
    if (i < 0 || i >= to) return;
    let j = i + CHAT.length;
    let mid = 0;
    for (let c = buf[j]; c >= 48 && c <= 57; c = buf[++j]) mid = mid * 10 + (c - 48);
    arrive(mid, t);
    pos = j;
  }
}

function onData(s, chunk) {
  const t = performance.now();
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
  scan(s, buf, start, end + 2, t);
  if (end + 2 < buf.length) s.carry = Buffer.from(buf.subarray(end + 2));
}

function openOne(port, token, readyTimeoutMs) {
  return new Promise((resolve) => {
    const s = {
      sock: null,
      headers: false,
      ready: false,
      carry: null,
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

/** client.mjs's keep-alive HTTP/1.1 sender, bound to one node's port. */
class Sender {
  sock = null;
  buf = null;
  pending = null;

  constructor(port) {
    this.port = port;
  }

  connect() {
    return new Promise((resolve) => {
      const sock = net.connect({ host: HOST, port: this.port }, () => resolve(true));
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
        `POST ${path} HTTP/1.1\r\nHost: ${HOST}:${this.port}\r\nContent-Type: text/plain\r\n` +
          `X-API-Key: ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  close() {
    this.sock?.destroy();
  }
}

const textOf = (seq, bytes) => `bench ${String(seq).padStart(9, '0')} `.padEnd(bytes, 'x');
const sendersFor = (concurrency, ports) =>
  Array.from({ length: concurrency }, (_, i) => new Sender(ports[i % ports.length]));

function cpuMs(since) {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
}

let seq = 0;

serveIpc({
  /** Opens one stream per token on `port`, `batch` connections at a time, each until `ready`. */
  async openStreams(port, tokens, batch = 200, readyTimeoutMs = 30_000) {
    const t0 = performance.now();
    const errors = {};
    let ok = 0;
    for (let i = 0; i < tokens.length; i += batch) {
      const opened = await Promise.all(
        tokens.slice(i, i + batch).map((t) => openOne(port, t, readyTimeoutMs)),
      );
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
   * `messages` sends by `concurrency` senders spread over `ports`. With one sender each send
   * waits until its message reached every stream; with more, each sender sends again on its ack.
   * Per message: ack, send start → first / last stream; per (message, stream): send start → arrival.
   */
  async fanout({ gid, token, messages, concurrency, ports, textBytes, waitMs = 10_000 }) {
    arrivals = new Map();
    expected = readyCount();
    const senders = sendersFor(concurrency, ports);
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
    const perStream = [];
    let complete = 0;
    for (const e of results) {
      const rec = arrivals.get(e.mid);
      if (rec) first.push(rec.first - e.t0);
      if (e.complete && rec) {
        complete += 1;
        last.push(rec.last - e.t0);
        for (const t of rec.times) perStream.push(t - e.t0);
      }
    }
    arrivals = new Map();
    return {
      streams: expected,
      messages,
      concurrency,
      ports,
      acked: results.length,
      nonOk,
      complete,
      wallMs,
      ackMs: summarize(results.map((e) => e.ackMs)),
      firstMs: summarize(first),
      lastMs: summarize(last),
      perStreamMs: summarize(perStream),
      clientCpuMs: cpuMs(cpu0),
      clientEventLoopDelayP99Ms: eld.percentile(99) / 1e6,
    };
  },

  /** Acknowledged sends/s with `concurrency` senders spread over `ports`, for `durationMs`. */
  async throughput({ gid, token, concurrency, ports, durationMs, maxRequests, textBytes }) {
    tracking = false;
    const before = readyCount();
    const senders = sendersFor(concurrency, ports);
    const cpu0 = process.cpuUsage();
    eld.reset();
    const lat = [];
    const statuses = {};
    const okByPort = Object.fromEntries(ports.map((p) => [p, 0]));
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
          okByPort[sender.port] += 1;
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
      ports,
      streams: before,
      streamsAfter: readyCount(),
      ok,
      okByPort,
      failed: statuses,
      elapsedMs: elapsed,
      perSec: (ok / elapsed) * 1000,
      ackMs: summarize(lat),
      clientCpuMs: cpuMs(cpu0),
      clientEventLoopDelayP99Ms: eld.percentile(99) / 1e6,
    };
  },

  cpuTotal() {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  },
});
