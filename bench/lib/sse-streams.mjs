/**
 * The event streams of a load client (client.mjs, cluster-client.mjs), and when each chat frame
 * reached each of them.
 *
 * Streams are raw `net` sockets with a hand-written GET; the client never decodes text. It finds
 * `{"type":"ready"}` and `{"type":"chat","mid":<n>` with Buffer searches between frame ends, so a
 * frame costs a few indexOf calls per stream, and a client process can read thousands of streams
 * without becoming the bottleneck. Arrival times come from this process's clock (performance.now),
 * as do the send start times, so no clocks are compared across processes.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const HOST = '127.0.0.1';
const TERM = Buffer.from('\n\n');
const READY = Buffer.from('{"type":"ready"}');
const CHAT = Buffer.from('{"type":"chat","mid":');

/**
 * Arrivals of the messages being measured, mid → { first, last, count }, plus every arrival time
 * with `keepTimes` (for percentiles over (message, stream) pairs; off where only the first and
 * last stream count, since it holds one number per stream per message).
 */
export class Arrivals {
  byMid = new Map();
  expected = 0;
  /** Bytes of one chat frame (`data: …\n\n`), from the first parsed after reset(). */
  frameBytes = null;
  waiters = new Map();

  constructor({ keepTimes = false } = {}) {
    this.keepTimes = keepTimes;
  }

  /** A new measurement, complete for a message once it reached `expected` streams. */
  reset(expected) {
    this.byMid = new Map();
    this.frameBytes = null;
    this.expected = expected;
  }

  arrive(mid, t) {
    let rec = this.byMid.get(mid);
    if (!rec) {
      rec = { first: t, last: t, count: 0 };
      if (this.keepTimes) rec.times = [];
      this.byMid.set(mid, rec);
    }
    rec.count += 1;
    rec.last = t;
    rec.times?.push(t);
    if (rec.count === this.expected) {
      const w = this.waiters.get(mid);
      if (w) {
        this.waiters.delete(mid);
        w();
      }
    }
  }

  /** Drops the per-message records once read: with `keepTimes` they hold one number per arrival. */
  forget() {
    this.byMid = new Map();
  }

  /** Resolves true once `mid` reached every expected stream, false after `waitMs`. */
  waitFor(mid, waitMs) {
    return new Promise((resolve) => {
      const rec = this.byMid.get(mid);
      if (this.expected === 0 || (rec && rec.count >= this.expected)) return resolve(true);
      const timer = setTimeout(() => {
        this.waiters.delete(mid);
        resolve(false);
      }, waitMs);
      this.waiters.set(mid, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

export class StreamSet {
  streams = new Set();
  /** Off during throughput runs: streams are still read (no backpressure) but frames not parsed. */
  tracking = true;

  constructor(arrivals) {
    this.arrivals = arrivals;
  }

  #scan(s, buf, from, to, t) {
    let pos = from;
    if (!s.ready) {
      const r = buf.indexOf(READY, from);
      const before = r < 0 || r >= to ? to : r;
      // Chat frames ahead of ready are the initial sync's backlog: counted, not timed.
      for (let i = buf.indexOf(CHAT, from); i >= 0 && i < before; i = buf.indexOf(CHAT, i + CHAT.length)) {
        s.chatBeforeReady += 1;
      }
      if (before === to) return;
      s.ready = true;
      s.readyAt = t;
      s.bytesBeforeReady = s.bytes;
      s.onReady?.();
      pos = r + READY.length;
    }
    if (!this.tracking) return;
    const a = this.arrivals;
    for (;;) {
      const i = buf.indexOf(CHAT, pos);
      if (i < 0 || i >= to) return;
      let j = i + CHAT.length;
      let mid = 0;
      for (let c = buf[j]; c >= 48 && c <= 57; c = buf[++j]) mid = mid * 10 + (c - 48);
      if (a.frameBytes === null) {
        const end = buf.indexOf(TERM, j);
        if (end > 0) a.frameBytes = end + 2 - (i - 'data: '.length);
      }
      a.arrive(mid, t);
      pos = j;
    }
  }

  #onData(s, chunk) {
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
    if (this.tracking || !s.ready) this.#scan(s, buf, start, end + 2, t);
    if (end + 2 < buf.length) s.carry = Buffer.from(buf.subarray(end + 2));
  }

  /** One stream on `port`; resolves when it is ready, closed, or `readyTimeoutMs` passed. */
  open(port, token, readyTimeoutMs) {
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
      sock.on('data', (chunk) => this.#onData(s, chunk));
      sock.on('error', (err) => {
        s.error ??= err.code ?? err.message;
      });
      sock.on('close', () => {
        s.closed = true;
        this.streams.delete(s);
        finish();
      });
      this.streams.add(s);
    });
  }

  /** One stream per token on `port`, `batch` connections at a time, each waiting for `ready`. */
  async openMany(port, tokens, batch = 200, readyTimeoutMs = 30_000) {
    const t0 = performance.now();
    const errors = {};
    let ok = 0;
    for (let i = 0; i < tokens.length; i += batch) {
      const opened = await Promise.all(
        tokens.slice(i, i + batch).map((t) => this.open(port, t, readyTimeoutMs)),
      );
      for (const s of opened) {
        if (s.ready && !s.closed) ok += 1;
        else {
          errors[s.error ?? 'closed'] = (errors[s.error ?? 'closed'] ?? 0) + 1;
          s.sock.destroy();
        }
      }
    }
    return {
      requested: tokens.length,
      ready: ok,
      openNow: this.readyCount(),
      ms: performance.now() - t0,
      errors,
    };
  }

  closeAll() {
    const all = [...this.streams];
    for (const s of all) s.sock.destroy();
    return all.length;
  }

  readyCount() {
    let n = 0;
    for (const s of this.streams) if (s.ready && !s.closed) n += 1;
    return n;
  }
}
