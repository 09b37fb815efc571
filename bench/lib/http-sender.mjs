/**
 * The load clients' senders: a minimal keep-alive HTTP/1.1 client, one socket per sender, a
 * hand-written request, the response read by Content-Length. node:http's client costs several
 * times more CPU per request, which on 2 cores makes the load client, not the server, the
 * bottleneck.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const HOST = '127.0.0.1';

export class Sender {
  sock = null;
  buf = null;
  pending = null;
  /** Responses with status 200, for the per-node split when senders are spread over nodes. */
  ok = 0;

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
    if (status === 200) this.ok += 1;
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

  /** A GET on the same socket (`bench/history.mjs`): no body, so the response is all there is to read. */
  async get(path, token) {
    if (!this.sock || this.sock.destroyed) await this.connect();
    return new Promise((resolve) => {
      this.pending = { resolve, t0: performance.now() };
      this.sock.write(`GET ${path} HTTP/1.1\r\nHost: ${HOST}:${this.port}\r\nX-API-Key: ${token}\r\n\r\n`);
    });
  }

  close() {
    this.sock?.destroy();
  }
}

/** `concurrency` senders, round-robin over `ports` (one port: all to one server). */
export const sendersFor = (concurrency, ports) =>
  Array.from({ length: concurrency }, (_, i) => new Sender(ports[i % ports.length]));
