#!/usr/bin/env node
/**
 * Reconnect storm (docs/benchmarks.md, "Reconnect storm"): N event streams, owned by U users (each
 * stream its own device), all drop at once; while they are away M messages are sent; then all N
 * reconnect at once with `after_mid`. Checked per stream: it reached `ready` and got exactly the M
 * missed records (no gap, no copy) plus one sent after the storm. Measured: the time from the first
 * reconnect to the last `ready`, and the presence frames (`users_state_changed`) the storm wrote to
 * the resumed streams and to one stream that stayed open (the admin's). It runs twice on fresh servers: `PRESENCE_GRACE_MS=0` (every flip announced at
 * once, as before the grace period) and the default grace.
 *
 * The server is bench/lib/host.mjs (pinned to CPU 0); the streams are read in this process with a
 * raw socket each (pinned nowhere; it is idle while the server works except for reading).
 *
 *   npm run build -w @parley/server && node bench/reconnect-storm.mjs
 *   BENCH_STORM_N=5000 BENCH_STORM_USERS=10 node bench/reconnect-storm.mjs   (defaults; QUICK: 300)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setupChannel, tokenMinter } from './lib/api.mjs';
import { Children } from './lib/ipc.mjs';
import { otherCpuPctNow } from './lib/machine.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const quick = env.BENCH_QUICK === '1';
const N = Number(env.BENCH_STORM_N ?? (quick ? 300 : 5000));
const USERS = Number(env.BENCH_STORM_USERS ?? 10);
const MISSED = 5;
const BATCH = 200;
const WAIT_MS = 120_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One stream: every frame after the headers, parsed (the frames here are few and small). */
function openStream(port, token, afterMid) {
  return new Promise((resolve) => {
    const s = { ready: false, closed: false, error: null, mids: [], presence: 0, readyAt: 0, sock: null };
    let headers = false;
    let carry = '';
    const timer = setTimeout(() => {
      s.error ??= 'no ready in time';
      resolve(s);
    }, WAIT_MS);
    const sock = net.connect({ host: '127.0.0.1', port });
    s.sock = sock;
    const query = `api-key=${encodeURIComponent(token)}${afterMid ? `&after_mid=${afterMid}` : ''}`;
    sock.on('connect', () =>
      sock.write(
        `GET /api/user/events?${query} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    sock.on('data', (chunk) => {
      let text = carry + chunk.toString('utf8');
      if (!headers) {
        const h = text.indexOf('\r\n\r\n');
        if (h < 0) return void (carry = text);
        if (!text.startsWith('HTTP/1.1 200')) {
          s.error = text.slice(0, text.indexOf('\r\n'));
          sock.destroy();
          return;
        }
        headers = true;
        text = text.slice(h + 4);
      }
      const end = text.lastIndexOf('\n\n');
      carry = text.slice(end + 2);
      for (const frame of text.slice(0, Math.max(0, end)).split('\n\n')) {
        const line = frame.split('\n').find((l) => l.startsWith('data: '));
        if (!line) continue;
        const e = JSON.parse(line.slice(6));
        if (e.type === 'chat') s.mids.push(e.mid);
        else if (e.type === 'users_state_changed') s.presence += 1;
        else if (e.type === 'ready') {
          s.ready = true;
          s.readyAt = performance.now();
          clearTimeout(timer);
          resolve(s);
        }
      }
    });
    sock.on('error', (err) => (s.error ??= err.code ?? err.message));
    sock.on('close', () => {
      s.closed = true;
      clearTimeout(timer);
      resolve(s);
    });
  });
}

async function openAll(port, tokens, afterMid, batch) {
  const out = [];
  for (let i = 0; i < tokens.length; i += batch) {
    out.push(...(await Promise.all(tokens.slice(i, i + batch).map((t) => openStream(port, t, afterMid)))));
  }
  return out;
}

async function until(condition, what) {
  const deadline = Date.now() + WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${WAIT_MS} ms: ${what}`);
    await sleep(20);
  }
}

async function sendText(port, token, gid, text) {
  const res = await fetch(`http://127.0.0.1:${port}/api/group/${gid}/send`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-api-key': token },
    body: text,
  });
  if (!res.ok) throw new Error(`send -> ${res.status} ${await res.text()}`);
  return Number(await res.text());
}

async function storm(children, graceMs) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-storm-'));
  const host = children.start('host.mjs', 0, `parley host grace=${graceMs ?? 'default'}`, {
    args: ['parley'],
  });
  try {
    const { port } = await host.call('start', [
      dataDir,
      graceMs === undefined ? {} : { PRESENCE_GRACE_MS: String(graceMs) },
    ]);
    const { token, gid, readers } = await setupChannel(port, USERS);
    const tokens = await tokenMinter()(host, readers, N);
    const first = await openAll(port, tokens, 0, BATCH);
    const opened = first.filter((s) => s.ready && !s.closed).length;
    // The admin's stream stays open through the storm: it sees every presence flip of the readers.
    const [watcher] = await openAll(port, [token], 0, 1);
    const lastMid = await sendText(port, token, gid, 'before the storm');
    await until(() => first.every((s) => s.mids.includes(lastMid)), 'every stream got the last message');

    const watcherBefore = watcher.presence;
    for (const s of first) s.sock.destroy();
    await until(async () => (await host.call('streams')) === 1, 'the server counted every stream out');
    const missed = [];
    for (let i = 0; i < MISSED; i++) missed.push(await sendText(port, token, gid, `missed ${i}`));

    const t0 = performance.now();
    const resumed = await openAll(port, tokens, lastMid, N);
    const stormMs = Math.max(...resumed.map((s) => s.readyAt)) - t0;
    const after = await sendText(port, token, gid, 'after the storm');
    await until(
      () => resumed.every((s) => s.closed || s.mids.includes(after)),
      'every resumed stream got the message after the storm',
    );
    const want = [...missed, after].join(',');
    const exact = resumed.filter((s) => s.ready && s.mids.join(',') === want).length;
    await until(() => watcher.mids.includes(after), 'the watcher got the message after the storm');
    const presence = resumed.reduce((n, s) => n + s.presence, 0);
    for (const s of [...resumed, watcher]) s.sock.destroy();
    return {
      graceMs: graceMs ?? 'default (15000)',
      streams: N,
      users: USERS,
      opened,
      resumedReady: resumed.filter((s) => s.ready).length,
      exactlyMissedPlusAfter: exact,
      stormMs: Math.round(stormMs),
      presenceFramesResumed: presence,
      presenceFramesWatcher: watcher.presence - watcherBefore,
      errors: [...new Set(resumed.map((s) => s.error).filter(Boolean))],
    };
  } finally {
    await children.stop(host);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const children = new Children(path.join(here, 'lib'), { pin: env.BENCH_PIN !== '0' });
const load = await otherCpuPctNow();
try {
  const rows = [await storm(children, 0), await storm(children, undefined)];
  console.log(`other load before the run: ${Math.round(load)} % of a core${load > 15 ? ' (NOT QUIET)' : ''}`);
  console.table(rows);
} finally {
  await children.stopAll();
}
