/**
 * The infrastructure helpers for scaled-mode tests, and the sample nginx config they run
 * (deploy/nginx/parley.conf): Redis starts, dies and comes back on its port; nginx spreads
 * requests over the nodes, skips a dead one, retries what is safe to retry, streams events
 * unbuffered and passes large uploads.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startNginx, type NginxServer } from './support/nginx.js';
import { redisPing as ping } from '../../../scripts/lib/processes.mjs';
import { startRedis } from './support/redis.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

interface Upstream {
  name: string;
  address: string;
  /** The `x-request-id` of every request this upstream received, in order. */
  seen: string[];
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void;

/** Answers with its name; a POST gets `<name> <bytes> <sha256>` of the body it read. */
const echo =
  (name: string): Handler =>
  (req, res, body) => {
    res.setHeader('content-type', 'text/plain');
    if (req.method === 'POST') {
      res.end(`${name} ${body.length} ${createHash('sha256').update(body).digest('hex')}`);
    } else {
      res.end(name);
    }
  };

async function startUpstream(name: string, handler: Handler = echo(name)): Promise<Upstream> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(String(req.headers['x-request-id'] ?? ''));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, res, Buffer.concat(chunks)));
  });
  // Like Fastify (72 s): longer than nginx's upstream keepalive_timeout, so nginx closes idle
  // connections first (see deploy/nginx/parley.conf).
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let closed = false;
  const upstream: Upstream = {
    name,
    address: `127.0.0.1:${port}`,
    seen,
    async close() {
      if (closed) return;
      closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  cleanups.push(() => upstream.close());
  return upstream;
}

async function nginxFor(upstreams: string[]): Promise<NginxServer> {
  const nginx = await startNginx({ upstreams });
  cleanups.push(() => nginx.stop());
  return nginx;
}

/** A port nothing listens on: bound, noted, released. */
async function deadAddress(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `127.0.0.1:${port}`;
}

async function request(
  url: string,
  init: { method?: string; id?: string; body?: Buffer } = {},
): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: init.id ? { 'x-request-id': init.id } : {},
    // fetch's types take a Uint8Array backed by a plain ArrayBuffer; a copy is one.
    body: init.body && new Uint8Array(init.body),
  });
  return { status: res.status, text: await res.text() };
}

describe('redis test helper', () => {
  it('answers PING, and comes back on the same port after a kill', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    expect(await ping(redis.port)).toBe(true);

    await redis.kill();
    expect(await ping(redis.port)).toBe(false);

    await redis.restart();
    expect(await ping(redis.port)).toBe(true);

    await redis.stop();
    expect(await ping(redis.port)).toBe(false);
  });
});

describe('nginx with deploy/nginx/parley.conf', () => {
  it('spreads requests over the upstreams (round-robin, no stickiness)', async () => {
    const a = await startUpstream('a');
    const b = await startUpstream('b');
    const nginx = await nginxFor([a.address, b.address]);

    const answers: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await request(`${nginx.url}/api/anything`);
      expect(res.status).toBe(200);
      answers.push(res.text);
    }
    expect(new Set(answers)).toEqual(new Set(['a', 'b']));
  });

  it('keeps answering when one upstream is stopped', async () => {
    const a = await startUpstream('a');
    const b = await startUpstream('b');
    const nginx = await nginxFor([a.address, b.address]);
    for (let i = 0; i < 4; i++) expect((await request(`${nginx.url}/`)).status).toBe(200);
    expect(b.seen.length).toBeGreaterThan(0);

    await b.close();
    for (let i = 0; i < 10; i++) {
      const res = await request(`${nginx.url}/api/anything`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('a');
    }
  });

  it('answers 503 with Retry-After in plain text when no node can be reached, and passes a node 503 on', async () => {
    const nginx = await nginxFor([await deadAddress(), await deadAddress()]);
    const res = await fetch(`${nginx.url}/api/user/me`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('service unavailable');

    // A node's own 503 (its database is down) is not retried elsewhere and keeps its body.
    const sick = await startUpstream('sick', (_req, res) => {
      res.writeHead(503, { 'retry-after': '5', 'content-type': 'text/plain' }).end('service unavailable');
    });
    const healthy = await startUpstream('healthy');
    const pair = await nginxFor([sick.address, healthy.address]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(`${pair.url}/api/x`)));
    expect(answers.filter((a) => a.status === 503)).toHaveLength(3);
    // …and does not take the node out of rotation: it is still asked every second time.
    const again = await Promise.all(Array.from({ length: 6 }, () => request(`${pair.url}/api/x`)));
    expect(again.filter((a) => a.status === 503)).toHaveLength(3);
  });

  it('answers a request it refuses itself (a NUL in the path) with a short plain-text 400', async () => {
    const a = await startUpstream('a');
    const nginx = await nginxFor([a.address]);
    const res = await fetch(`${nginx.url}/api/user/1%00`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('bad request');
    expect(a.seen).toHaveLength(0);
  });

  it('answers a request line too long for it with a short plain-text 414, not its HTML page', async () => {
    const a = await startUpstream('a');
    const nginx = await nginxFor([a.address]);
    // Over nginx's request-line buffer (8 KiB by default): refused before any upstream is asked.
    const res = await fetch(`${nginx.url}/api/user/${'9'.repeat(10_000)}`);
    expect(res.status).toBe(414);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('uri too long');
    expect(a.seen).toHaveLength(0);
  });

  it('passes a POST on to the next upstream when the first one refuses the connection', async () => {
    const a = await startUpstream('a');
    const nginx = await nginxFor([await deadAddress(), a.address]);
    for (let i = 0; i < 4; i++) {
      const res = await request(`${nginx.url}/api/message`, { method: 'POST', body: Buffer.from('hi') });
      expect(res.status).toBe(200);
      expect(res.text.startsWith('a 2 ')).toBe(true);
    }
  });

  it('retries a GET that failed on an upstream, but never resends a POST that reached one', async () => {
    // `broken` reads the whole request, then drops the connection without answering.
    const dropConnection: Handler = (req) => req.socket.destroy();

    const broken = await startUpstream('broken', dropConnection);
    const a = await startUpstream('a');
    const getNginx = await nginxFor([broken.address, a.address]);
    for (let i = 0; i < 4; i++) {
      const res = await request(`${getNginx.url}/api/anything`, { id: `get-${i}` });
      expect(res.status).toBe(200);
      expect(res.text).toBe('a');
    }
    // The GET that `broken` dropped was passed on to `a`.
    expect(broken.seen.length).toBeGreaterThan(0);
    for (const id of broken.seen) expect(a.seen).toContain(id);

    const broken2 = await startUpstream('broken', dropConnection);
    const b = await startUpstream('b');
    const postNginx = await nginxFor([broken2.address, b.address]);
    const statuses = new Map<string, number>();
    for (let i = 0; i < 4; i++) {
      const id = `post-${i}`;
      const res = await request(`${postNginx.url}/api/message`, {
        method: 'POST',
        id,
        body: Buffer.from('hi'),
      });
      statuses.set(id, res.status);
    }
    // The POST that reached `broken2` failed (nginx's 502, answered as 503 + Retry-After) and
    // was not sent to `b` as well.
    expect(broken2.seen.length).toBeGreaterThan(0);
    for (const id of broken2.seen) {
      expect(statuses.get(id)).toBe(503);
      expect(b.seen).not.toContain(id);
    }
    for (const id of b.seen) expect(statuses.get(id)).toBe(200);
  });

  it('streams the event stream unbuffered', async () => {
    let secondWrittenAt = 0;
    // No `X-Accel-Buffering: no` here (Parley sends it): the config alone must pass frames on.
    // (Found by breaking the config on purpose: nginx also passes each chunk of an HTTP/1.1
    // chunked response promptly with buffering on, so this fails only when both
    // `proxy_buffering off` and `proxy_http_version 1.1` are gone.)
    const sse = await startUpstream('sse', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('data: 1\n\n');
      setTimeout(() => {
        secondWrittenAt = performance.now();
        res.end('data: 2\n\n');
      }, 1500);
    });
    const nginx = await nginxFor([sse.address]);

    const arrivals: { frame: string; at: number }[] = [];
    let status = 0;
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${nginx.url}/api/user/events?api-key=x`, { agent: false }, (res) => {
        status = res.statusCode ?? 0;
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            arrivals.push({ frame: buffer.slice(0, end), at });
            buffer = buffer.slice(end + 2);
          }
        });
        res.on('end', resolve);
        res.on('error', reject);
      });
      req.on('error', reject);
    });

    expect(status).toBe(200);
    expect(arrivals.map((a) => a.frame)).toEqual(['data: 1', 'data: 2']);
    // Frame 1 was delivered while the upstream still held frame 2 back, not flushed with it.
    expect(secondWrittenAt).toBeGreaterThan(0);
    expect(arrivals[0]!.at).toBeLessThan(secondWrittenAt);
  });

  it('passes a 20 MB upload through', async () => {
    const a = await startUpstream('a');
    const nginx = await nginxFor([a.address]);
    const body = randomBytes(20 * 1024 * 1024);
    const res = await request(`${nginx.url}/api/user/avatar`, { method: 'POST', body });
    expect(res.status).toBe(200);
    expect(res.text).toBe(`a ${body.length} ${createHash('sha256').update(body).digest('hex')}`);
  });
});
