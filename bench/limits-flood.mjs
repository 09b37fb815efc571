#!/usr/bin/env node
/**
 * The resource limits under a flood (issue 8, defect 10), with the default limits: one user sends
 * 500 messages at once, one address registers 40 accounts and makes 80 check_email look-ups.
 * Starts the built server (`npm run build`) on a fresh data directory and prints ok/429 counts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-flood-'));
const port = 3000 + Math.floor(Math.random() * 2000) + 20000;
const base = `http://127.0.0.1:${port}/api`;
const node = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});

const call = async (method, p, { token, json, body, type } = {}) => {
  const headers = {};
  if (token) headers['x-api-key'] = token;
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (type) headers['content-type'] = type;
  const res = await fetch(`${base}${p}`, {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : body,
  });
  const text = await res.text();
  return { status: res.status, text, retryAfter: res.headers.get('retry-after') };
};
const tally = (results) => {
  const counts = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const password = 'flood password 1';
  await call('POST', '/admin/system/create_admin', {
    json: { email: 'admin@flood.test', name: 'Admin', password, gender: 0 },
  });
  const admin = JSON.parse(
    (
      await call('POST', '/token/login', {
        json: { credential: { type: 'password', email: 'admin@flood.test', password }, device: 'flood' },
      })
    ).text,
  );
  const started = Date.now();
  const sends = await Promise.all(
    Array.from({ length: 500 }, (_, i) =>
      call('POST', `/user/${admin.user.uid}/send`, {
        token: admin.token,
        body: `flood ${i}`,
        type: 'text/plain',
      }),
    ),
  );
  const sendMs = Date.now() - started;
  const registrations = [];
  for (let i = 0; i < 40; i++) {
    registrations.push(
      await call('POST', '/user/register', {
        json: { email: `flood${i}@flood.test`, password, name: `flood${i}`, gender: 0 },
      }),
    );
  }
  const lookups = await Promise.all(
    Array.from({ length: 80 }, (_, i) => call('GET', `/user/check_email?email=probe${i}@flood.test`)),
  );
  const retry = (rs) => [...new Set(rs.filter((r) => r.status === 429).map((r) => r.retryAfter))].join(',');
  console.log(`sends (500 at once, ${sendMs} ms):`, tally(sends), 'Retry-After:', retry(sends));
  console.log('registrations (40, one address):', tally(registrations), 'Retry-After:', retry(registrations));
  console.log('check_email (80, one address):', tally(lookups), 'Retry-After:', retry(lookups));
} finally {
  node.kill('SIGTERM');
  await new Promise((r) => node.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
