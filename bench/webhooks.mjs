#!/usr/bin/env node
/**
 * Bots and webhooks (issue 13): the bot API's send path against a user's send, and the latency
 * from a send to its signed webhook delivery against a bare POST to the same receiver, measured in
 * the same run. Builds nothing: run `npm run build` (or `tsc -b packages/protocol packages/server`)
 * first. `BENCH_M` messages per figure (default 300; `BENCH_QUICK=1`: 50).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { importDist, NO_LIMITS_ENV } from './lib/parley-dist.mjs';
import { summarize } from './lib/stats.mjs';

const M = Number(process.env.BENCH_M ?? (process.env.BENCH_QUICK ? 50 : 300));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-webhooks-'));
const { buildServer } = await importDist('app.js');
const { loadConfig } = await importDist('config/index.js');

// The receiver: answers the URL check and tells waiters when a body with their tag arrived (the
// tag is the message text, or the bare post's own field).
const arrivals = new Map();
const receiver = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'POST') {
      const body = JSON.parse(Buffer.concat(chunks).toString());
      const tag = body.detail?.content ?? body.tag;
      arrivals.get(tag)?.(performance.now());
      arrivals.delete(tag);
    }
    res.writeHead(200).end();
  });
});
const arrival = (tag) => new Promise((resolve) => arrivals.set(tag, resolve));
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${receiver.address().port}/hook`;

const parley = await buildServer({
  config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', ...NO_LIMITS_ENV }),
});
await parley.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${parley.app.server.address().port}/api`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request on a kept-alive socket; resolves with the body text. */
function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers, agent }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(text) : reject(new Error(`${res.statusCode} ${text}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
const put = (p, token, value) =>
  new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-api-key': token },
    });
    req.on('response', (res) =>
      res
        .resume()
        .on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`PUT ${res.statusCode}`)))),
    );
    req.on('error', reject);
    req.end(JSON.stringify(value));
  });
const json = (p, token, value) =>
  post(
    `${base}${p}`,
    { 'content-type': 'application/json', ...(token && { 'x-api-key': token }) },
    JSON.stringify(value),
  ).then((t) => JSON.parse(t));

try {
  await json('/admin/system/create_admin', null, {
    email: 'admin@bench.invalid',
    name: 'bench-admin',
    password: 'bench-Pa55-word-q7x',
    gender: 0,
  });
  const login = await json('/token/login', null, {
    credential: { type: 'password', email: 'admin@bench.invalid', password: 'bench-Pa55-word-q7x' },
    device: 'bench',
  });
  const token = login.token;
  const { gid } = await json('/group', token, { name: 'bench', is_public: true });
  const bot = await json('/admin/user', token, {
    email: 'bot@bench.invalid',
    password: '',
    name: 'bench-bot',
    gender: 1,
    is_admin: false,
    is_bot: true,
  });
  const key = await json(`/admin/user/bot-api-key/${bot.uid}`, token, { name: 'bench' });
  const text = { 'content-type': 'text/plain' };

  // 1. Send path: M sequential sends as the user and as the bot (no webhook yet).
  const sendTimes = async (p, apiKey) => {
    const samples = [];
    for (let i = 0; i < M; i++) {
      const t0 = performance.now();
      await post(`${base}${p}`, { ...text, 'x-api-key': apiKey }, `message ${i}`);
      samples.push(performance.now() - t0);
    }
    return summarize(samples);
  };
  const userSend = await sendTimes(`/group/${gid}/send`, token);
  const botSend = await sendTimes(`/bot/send_to_group/${gid}`, key);

  // 2. Delivery: the limit is one POST of a body of the same size from this process to the receiver.
  const bareSamples = [];
  for (let i = 0; i < M; i++) {
    const tag = `bare ${i}`;
    const arrived = arrival(tag);
    const t0 = performance.now();
    await post(
      hookUrl,
      { 'content-type': 'application/json' },
      JSON.stringify({ tag, pad: 'x'.repeat(200) }),
    );
    bareSamples.push((await arrived) - t0);
  }
  await put(`/admin/user/${bot.uid}`, token, { webhook_url: hookUrl });
  const hookSamples = [];
  for (let i = 0; i < M; i++) {
    const tag = `hook ${i}`;
    const arrived = arrival(tag);
    const t0 = performance.now();
    await post(`${base}/group/${gid}/send`, { ...text, 'x-api-key': token }, tag);
    hookSamples.push((await arrived) - t0);
  }
  const bare = summarize(bareSamples);
  const hook = summarize(hookSamples);
  const row = (name, s, limit) =>
    `${name.padEnd(28)} p50 ${s.p50.toFixed(2).padStart(8)} ms  p99 ${s.p99.toFixed(2).padStart(8)} ms` +
    (limit ? `   ratio p50 ${(s.p50 / limit.p50).toFixed(2)}×` : '');
  console.log(`bots and webhooks, M = ${M}`);
  console.log(row('user send (limit)', userSend));
  console.log(row('bot send', botSend, userSend));
  console.log(row('bare POST to receiver (limit)', bare));
  console.log(row('send → webhook delivery', hook, bare));
} finally {
  agent.destroy();
  await parley.close();
  receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
}
