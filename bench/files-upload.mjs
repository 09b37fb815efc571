#!/usr/bin/env node
/**
 * Upload throughput against a raw disk write in the same run (docs/benchmarks.md, "Files"): one
 * file of BENCH_FILE_MB megabytes sent as the web client sends it (1,000,000-byte multipart chunks,
 * one after another) to a Parley built in packages/server/dist on a temporary data directory, then
 * the same bytes written in 1,000,000-byte writes to a file on the same disk and fsynced. Reports
 * MB/s for both, their ratio, and the peak RSS of this process (server and client) during the upload.
 *
 *   npm run build -w @parley/server && BENCH_FILE_MB=1000 node bench/files-upload.mjs
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importDist } from './lib/parley-dist.mjs';

const MB = Number(process.env.BENCH_FILE_MB ?? (process.env.BENCH_QUICK ? 50 : 200));
const CHUNK = 1_000_000;
const size = MB * CHUNK;
const dir = await mkdtemp(path.join(tmpdir(), 'parley-bench-files-'));

const { buildServer } = await importDist('app.js');
const { loadConfig } = await importDist('config/index.js');
const config = {
  ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', FILE_MAX_BYTES: String(size + 1), SEND_RATE: '1000' }),
  passwordHashing: { memoryCost: 8, timeCost: 1, parallelism: 1 },
};
const parley = await buildServer({ config });
await parley.app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${parley.app.server.address().port}/api`;

async function call(method, p, body, token) {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { 'x-api-key': token }) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

try {
  await call('POST', '/admin/system/create_admin', {
    email: 'a@example.com',
    name: 'A',
    password: 'bench password 1',
    gender: 0,
  });
  const login = await call('POST', '/token/login', {
    credential: { type: 'password', email: 'a@example.com', password: 'bench password 1' },
    device: 'bench',
    device_token: '',
  });
  const token = login.token;
  const chunk = Buffer.alloc(CHUNK);
  for (let i = 0; i < CHUNK; i++) chunk[i] = (i * 2654435761) >>> 24;

  let peakRss = process.memoryUsage().rss;
  const baseRss = peakRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

  const fileId = await call(
    'POST',
    '/resource/file/prepare',
    { filename: 'bench.bin', content_type: 'application/octet-stream' },
    token,
  );
  const started = performance.now();
  let last;
  let lastChunkMs = 0;
  for (let n = 0; n < MB; n++) {
    const chunkStarted = performance.now();
    const form = new FormData();
    form.append('file_id', fileId);
    form.append('chunk_data', new Blob([chunk]));
    form.append('chunk_is_last', String(n === MB - 1));
    const res = await fetch(`${url}/resource/file/upload`, {
      method: 'POST',
      headers: { 'x-api-key': token },
      body: form,
    });
    if (!res.ok) throw new Error(`chunk ${n}: ${res.status} ${await res.text()}`);
    last = await res.json();
    if (n === MB - 1) lastChunkMs = performance.now() - chunkStarted;
  }
  const uploadS = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (last?.size !== size) throw new Error(`upload answered ${JSON.stringify(last)}`);

  const raw = path.join(dir, 'raw.bin');
  const rawStarted = performance.now();
  const fh = await open(raw, 'w');
  for (let n = 0; n < MB; n++) await fh.write(chunk);
  await fh.sync();
  await fh.close();
  const rawS = (performance.now() - rawStarted) / 1000;

  const upload = MB / uploadS;
  const disk = MB / rawS;
  console.log(
    `files: ${MB} MB upload ${upload.toFixed(1)} MB/s, raw disk write ${disk.toFixed(1)} MB/s, ratio ${(upload / disk).toFixed(3)}`,
  );
  // The last chunk finishes the file: its time shows what finishing costs beyond storing a chunk.
  console.log(
    `files: last chunk ${lastChunkMs.toFixed(0)} ms, mean chunk ${((uploadS * 1000) / MB).toFixed(0)} ms`,
  );
  console.log(
    `files: RSS before ${(baseRss / 1e6).toFixed(0)} MB, peak during upload ${(peakRss / 1e6).toFixed(0)} MB (server and client in one process)`,
  );
} finally {
  await parley.close();
  await rm(dir, { recursive: true, force: true });
}
