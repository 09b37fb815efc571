#!/usr/bin/env node
/**
 * Call signalling (issue 15, docs/voice.md): how fast Parley relays WebRTC signalling between two
 * members of a voice room, against a bare relay measured in the same run with the same client code.
 * Builds nothing: run `npm run build` (or `tsc -b packages/protocol packages/server`) first.
 *
 * - join → the other member's stream sees `voice_room_changed` (`POST /voice/join`, then leave);
 * - offer, answer and ICE candidate relay: `POST /voice/signal` → `voice_signal` parsed on the
 *   receiver's stream, sequential;
 * - ICE throughput: `BENCH_K` concurrent senders for `BENCH_DURATION_MS`, relayed signals per second.
 * The limit ("bare") is a node:http server in the same process that takes the same POST body and
 * writes it as one `data:` frame to the receiver's open stream: HTTP in, one SSE write out, no
 * authentication, database or room lookup. `BENCH_M` samples per latency (default 300; quick 50).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { importDist, NO_LIMITS_ENV } from './lib/parley-dist.mjs';
import { summarize } from './lib/stats.mjs';

const QUICK = Boolean(process.env.BENCH_QUICK);
const M = Number(process.env.BENCH_M ?? (QUICK ? 50 : 300));
const K = Number(process.env.BENCH_K_SIGNAL ?? (QUICK ? 4 : 16));
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? (QUICK ? 1000 : 3000));
const PASSWORD = 'bench-Pa55-word-q7x';

// A browser offer with audio and video is 3–6 KB; answers are similar; candidates ~100 B.
const SDP = ['v=0', 'o=- 4611731400430051336 2 IN IP4 127.0.0.1', 's=-', 't=0 0']
  .concat(Array.from({ length: 90 }, (_, i) => `a=rtpmap:${96 + i} VP8/90000 fb${'x'.repeat(20)}`))
  .join('\r\n');
const CANDIDATE = 'candidate:842163049 1 udp 1677729535 127.0.0.1 53011 typ host generation 0';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-voice-signal-'));
const { buildServer } = await importDist('app.js');
const { loadConfig } = await importDist('config/index.js');
const parley = await buildServer({
  config: loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...NO_LIMITS_ENV,
    VOICE_SIGNAL_RATE: '1000000',
    VOICE_SIGNAL_BURST: '1000000',
  }),
});
await parley.app.listen({ port: 0, host: '127.0.0.1' });
const parleyBase = `http://127.0.0.1:${parley.app.server.address().port}/api`;

// The bare relay: one open stream; every POST body goes to it as a frame.
let bareStream = null;
const bare = http.createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('data: {"type":"ready"}\n\n');
    bareStream = res;
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const { to, signal } = JSON.parse(Buffer.concat(chunks).toString());
    bareStream?.write(
      `data: ${JSON.stringify({ type: 'voice_signal', room: 'bare', from: to, signal })}\n\n`,
    );
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareBase = `http://127.0.0.1:${bare.address().port}`;

/** Keep-alive agents: one socket per concurrent sender, as a browser tab would reuse. */
const agents = Array.from({ length: K }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));

function request(url, { method = 'POST', token, json, agent = agents[0] } = {}) {
  return new Promise((resolve, reject) => {
    const headers = {
      ...(json && { 'content-type': 'application/json' }),
      ...(token && { 'x-api-key': token }),
    };
    const req = http.request(url, { method, headers, agent }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(text ? JSON.parse(text) : null)
          : reject(new Error(`${method} ${url} -> ${res.statusCode} ${text}`)),
      );
    });
    req.on('error', reject);
    req.end(json ? JSON.stringify(json) : undefined);
  });
}

/**
 * An event stream read frame by frame; `next(pred)` resolves with the time (performance.now) the
 * first matching event arrives. Events that nobody waits for are counted by type.
 */
function openStream(url) {
  const waiters = [];
  const counts = new Map();
  let buffer = '';
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trimStart())
            .join('\n');
          if (!data) continue;
          const event = JSON.parse(data);
          counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
          const i = waiters.findIndex((w) => w.pred(event));
          if (i >= 0) waiters.splice(i, 1)[0].resolve(at);
          if (event.type === 'ready') resolve(stream);
        }
      });
    });
    req.on('error', reject);
    const stream = {
      next: (pred) => new Promise((r) => waiters.push({ pred, resolve: r })),
      count: (type) => counts.get(type) ?? 0,
      close: () => req.destroy(),
    };
  });
}

async function user(email, name, admin) {
  if (admin) {
    await request(`${parleyBase}/admin/system/create_admin`, {
      json: { email, name, password: PASSWORD, gender: 0 },
    });
  } else {
    await request(`${parleyBase}/user/register`, {
      json: { email, name, password: PASSWORD, gender: 0, device: 'web' },
    });
  }
  const login = await request(`${parleyBase}/token/login`, {
    json: { credential: { type: 'password', email, password: PASSWORD }, device: `bench-${name}` },
  });
  return { token: login.token, uid: login.user.uid };
}

/** `count` sequential samples of send → arrival. */
async function latency(count, send, arrived) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const wait = arrived(i);
    const t0 = performance.now();
    await send(i);
    samples.push((await wait) - t0);
  }
  return summarize(samples);
}

/** `K` senders, each sending again once acknowledged, for DURATION_MS; relayed per second. */
async function throughput(send, stream) {
  const before = stream.count('voice_signal');
  const stopAt = performance.now() + DURATION_MS;
  let acked = 0;
  const t0 = performance.now();
  await Promise.all(
    agents.map(async (agent, k) => {
      for (let i = 0; performance.now() < stopAt; i++) {
        await send(agent, k, i);
        acked += 1;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  // Every acknowledged signal must reach the receiver (given 10 s to drain).
  const drainBy = performance.now() + 10_000;
  while (stream.count('voice_signal') - before < acked && performance.now() < drainBy) {
    await new Promise((r) => setTimeout(r, 10));
  }
  return { perSecond: acked / seconds, acked, lost: acked - (stream.count('voice_signal') - before) };
}

try {
  const a = await user('caller@bench.invalid', 'caller', true);
  const b = await user('callee@bench.invalid', 'callee', false);
  const { gid } = await request(`${parleyBase}/group`, {
    token: a.token,
    json: { name: 'voice', is_public: true },
  });
  const quiet = { muted: false, deafened: false, video: true, screen: false };
  const bStream = await openStream(`${parleyBase}/user/events?api-key=${encodeURIComponent(b.token)}`);
  const bareReader = await openStream(`${bareBase}/events`);
  await request(`${parleyBase}/voice/join`, { token: b.token, json: { gid, ...quiet } });

  // 1. Join: A joins (B sees two members), then leaves (B sees one).
  const members = (n) => (e) => e.type === 'voice_room_changed' && e.gid === gid && e.members.length === n;
  const joinSamples = [];
  for (let i = 0; i < M; i++) {
    const seen = bStream.next(members(2));
    const t0 = performance.now();
    await request(`${parleyBase}/voice/join`, { token: a.token, json: { gid, ...quiet } });
    joinSamples.push((await seen) - t0);
    const gone = bStream.next(members(1));
    await request(`${parleyBase}/voice/leave`, { token: a.token });
    await gone;
  }
  const join = summarize(joinSamples);
  await request(`${parleyBase}/voice/join`, { token: a.token, json: { gid, ...quiet } });

  // 2. Relay latency by kind, Parley and bare, with the same bodies.
  const signals = {
    offer: { kind: 'offer', sdp: SDP },
    answer: { kind: 'answer', sdp: SDP.replace('VP8', 'VP9') },
    ice: { kind: 'ice', candidate: CANDIDATE, sdp_mid: '0', sdp_m_line_index: 0 },
  };
  const relay = {};
  for (const [name, signal] of Object.entries(signals)) {
    const tagged = (i) => ({ ...signal, sdp_mid: `${name}${i}` });
    const match = (i) => (e) => e.type === 'voice_signal' && e.signal.sdp_mid === `${name}${i}`;
    relay[name] = {
      parley: await latency(
        M,
        (i) =>
          request(`${parleyBase}/voice/signal`, { token: a.token, json: { to: b.uid, signal: tagged(i) } }),
        (i) => bStream.next(match(i)),
      ),
      bare: await latency(
        M,
        (i) => request(`${bareBase}/signal`, { json: { to: b.uid, signal: tagged(i) } }),
        (i) => bareReader.next(match(i)),
      ),
    };
  }

  // 3. ICE throughput through one receiver.
  const ice = (i) => ({ ...signals.ice, sdp_mid: `t${i}` });
  const bareTp = await throughput(
    (agent, k, i) => request(`${bareBase}/signal`, { agent, json: { to: b.uid, signal: ice(i) } }),
    bareReader,
  );
  const parleyTp = await throughput(
    (agent, k, i) =>
      request(`${parleyBase}/voice/signal`, { agent, token: a.token, json: { to: b.uid, signal: ice(i) } }),
    bStream,
  );

  const ms = (v) => v.toFixed(2).padStart(8);
  const row = (name, s, limit) =>
    `${name.padEnd(30)} p50 ${ms(s.p50)} ms  p99 ${ms(s.p99)} ms` +
    (limit ? `   ratio p50 ${(s.p50 / limit.p50).toFixed(2)}×  p99 ${(s.p99 / limit.p99).toFixed(2)}×` : '');
  console.log(
    `voice signalling, M = ${M}, K = ${K}, ${DURATION_MS} ms per throughput run, SDP ${SDP.length} B`,
  );
  console.log(row('join → room event (Parley)', join));
  for (const [name, r] of Object.entries(relay)) {
    console.log(row(`${name} relay, bare (limit)`, r.bare));
    console.log(row(`${name} relay, Parley`, r.parley, r.bare));
  }
  console.log(
    `ice throughput: bare ${bareTp.perSecond.toFixed(0)}/s (limit), Parley ${parleyTp.perSecond.toFixed(0)}/s` +
      ` = ${(parleyTp.perSecond / bareTp.perSecond).toFixed(2)}× of bare;` +
      ` acknowledged but not received: bare ${bareTp.lost}, Parley ${parleyTp.lost}`,
  );
  if (bareTp.lost || parleyTp.lost) process.exitCode = 1;
  bStream.close();
  bareReader.close();
} finally {
  for (const agent of agents) agent.destroy();
  bareStream?.end();
  await parley.close();
  bare.close();
  rmSync(dataDir, { recursive: true, force: true });
}
