#!/usr/bin/env node
/**
 * Call media (issue 15, docs/benchmarks.md "Call media"): real Chromium pages in Parley's web
 * client, with fake cameras and microphones, against the built server. Builds nothing: run
 * `npm run build` first (server and web client).
 *
 * 1. Join → first media frame: from the click on "join" in one page to its first decoded inbound
 *    video frame (and to frames from every other member), on the mesh with 2 members and on the
 *    SFU (Janus) at each room size. The limit, sampled between those joins in the
 *    same page: two RTCPeerConnections exchanging the same fake media, signalled in the page.
 * 2. Janus CPU per forwarded stream: /proc/<janus>/stat over a fixed window with no room (idle)
 *    and with rooms of each size, all members publishing and receiving everyone else.
 *
 * Chromium and Janus run in a network namespace of their own (e2e/netns/chromium-janus-netns.sh),
 * so media only uses its loopback and 10.255.0.1; each sample checks the address used. During
 * each CPU window Janus is pinned to CPU 0 and the browser's processes to the other CPUs
 * (BENCH_PIN=0: no pinning); this process, the server and the forwarders stay on every CPU (see
 * isBrowser); joins run unpinned, so that the pages of the members already in the call (which
 * each encode and decode video) do not share one core.
 *
 *   node bench/voice-media.mjs                 10 samples per path, 15 s CPU windows, sizes 2,3,4
 *   BENCH_QUICK=1 node bench/voice-media.mjs   3 samples, 5 s windows
 * BENCH_SAMPLES, BENCH_WINDOW_MS, BENCH_SETTLE_MS and BENCH_SFU_SIZES (e.g. 2,3,4) override; BENCH_SERVER_LOG sets
 * the server's LOG_LEVEL (warn).
 *   node bench/voice-media.mjs --report bench/results/<file>.json   the tables of an earlier run
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { describeCall, join, leave, openChannel, signIn, waitFlowing } from './lib/call-ui.mjs';
import { list, num, QUICK } from './lib/env.mjs';
import { describeMachine, machineBusyMs, otherCpuPctNow } from './lib/machine.mjs';
import { inbound, installProbe, limitSample, POLL_MS } from './lib/media-page.mjs';
import { launchNamespaced } from './lib/netns-chromium.mjs';
import { NO_LIMITS_ENV } from './lib/parley-dist.mjs';
import { pinApart, procStat, threadStates, treeCpu, treeDelta } from './lib/proc-tree.mjs';
import { reprint, saveRun } from './lib/results.mjs';
import { growingCount, report } from './lib/voice-media-report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const env = process.env;
const cfg = {
  quick: QUICK,
  samples: num(env.BENCH_SAMPLES, QUICK ? 3 : 10),
  windowMs: num(env.BENCH_WINDOW_MS, QUICK ? 5000 : 15_000),
  // Janus works harder in the first seconds of a room (bandwidth ramp-up, key frames): a 2-member
  // room took 32–36 ms/s in 15 s windows 3 s after media flowed, 22 ms/s over 90 s.
  settleMs: num(env.BENCH_SETTLE_MS, QUICK ? 3000 : 15_000),
  sizes: list(env.BENCH_SFU_SIZES, [2, 3, 4], 2).sort((a, b) => a - b),
  pin: env.BENCH_PIN !== '0' && os.cpus().length >= 2,
  maxSeconds: num(env.BENCH_MAX_SECONDS, 900),
};
// Re-print the tables of an earlier run: node bench/voice-media.mjs --report bench/results/<file>.json
if (process.argv[2] === '--report') {
  reprint(report, process.argv[3]);
  process.exit(0);
}
const PASSWORD = 'bench-Pa55-word-q7x';
const t0 = performance.now();
const log = (...a) => console.log(`[voice-media ${((performance.now() - t0) / 1000).toFixed(1)}s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The addresses of the namespace: any other local address on a media path fails the run. */
const NAMESPACE = ['host:127.0.0.1', 'host:10.255.0.1'];

const cleanups = [];
const watchdog = setTimeout(() => {
  console.error(`voice-media: exceeded BENCH_MAX_SECONDS=${cfg.maxSeconds}; stopping`);
  void stopAll().then(() => process.exit(1));
}, cfg.maxSeconds * 1000);
async function stopAll() {
  for (const f of cleanups.splice(0).reverse()) await f().catch(() => undefined);
}

/** The built server as `npm start` runs it, on a free loopback port, with a data dir of its own. */
async function startServer(dataDir) {
  const port = await new Promise((resolve) => {
    const s = http.createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    env: {
      ...env,
      ...NO_LIMITS_ENV,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: env.BENCH_SERVER_LOG || 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { port, child };
    await sleep(100);
  }
  throw new Error('server did not answer /health');
}

function apiClient(port) {
  return async (method, route, { token, json } = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}/api${route}`, {
      method,
      headers: { ...(json && { 'content-type': 'application/json' }), ...(token && { 'x-api-key': token }) },
      body: json ? JSON.stringify(json) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route} -> ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** Joins of `page` into the room where `others` members already are, with limit samples between. */
async function joinSamples(page, others, label) {
  const runs = [];
  const limits = [];
  for (let i = 0; i <= cfg.samples; i++) {
    const run = await join(page, { expect: others });
    const flow = await page.evaluate(inbound);
    await leave(page);
    // Give the others and the SFU a moment to drop the old connections before the next join.
    await sleep(1000);
    const limit = await page.evaluate(limitSample);
    const local = [...flow.local, ...limit.local];
    if (local.length === 0 || local.some((c) => !NAMESPACE.includes(c)))
      throw new Error(`${label}: media used ${local.join(', ') || 'no address'}, outside ${NAMESPACE}`);
    // The first join and limit warm caches up (code, codecs, sessions): not counted.
    if (i > 0) {
      runs.push(run);
      limits.push(limit);
    }
    log(
      `${label} ${i === 0 ? 'warm-up' : `#${i}`}: first ${run.first?.toFixed(0)} ms, ` +
        `all ${run.all?.toFixed(0) ?? `not within 30 s (${run.most} of ${others})`} ms; limit ${limit.first?.toFixed(0)} ms`,
    );
  }
  return { label, others, runs, limits };
}

/**
 * Chromium's processes: confined to the CPUs Janus does not use during a CPU window. Not this
 * process, the server and the forwarders: they carry the server's keep-alives and long polls to
 * Janus and the pages' requests, and on the browsers' one core with 4 members they went
 * unscheduled for over a minute, long enough for Janus to expire the server's session.
 */
const isBrowser = (stat) => stat.comm === 'chromium';

/**
 * Janus's CPU over one window with `pages` in the room (none: idle), and what they received.
 * With pinning, Janus has CPU 0 to itself (but for the light control path) and the browsers CPU 1.
 */
async function cpuWindow(janus, pages) {
  // Pinned after the settling time, so that the browsers share one core for the window only: with
  // 4 members under load, 30 s there starved pages long enough to miss the stream's heartbeats.
  await sleep(pages.length > 0 ? cfg.settleMs : 1000);
  const pinned = cfg.pin && pinApart(process.pid, janus, 0, os.cpus().length, isBrowser);
  const read = () => Promise.all(pages.map((p) => p.evaluate(inbound)));
  const flows0 = await read();
  const f0 = performance.now();
  const janus0 = procStat(janus).cpuMs;
  const tree0 = treeCpu(process.pid);
  const busy0 = machineBusyMs();
  const w0 = performance.now();
  await sleep(cfg.windowMs);
  const janus1 = procStat(janus).cpuMs;
  const tree1 = treeCpu(process.pid);
  const busy1 = machineBusyMs();
  const seconds = (performance.now() - w0) / 1000;
  const f1 = performance.now();
  const flows1 = await read();
  if (cfg.pin) pinApart(process.pid, janus, null, os.cpus().length);
  const oursMs = treeDelta(tree0, tree1);
  const forwarded = growingCount(flows0, flows1);
  const r = {
    members: pages.length,
    // Every member receives every other's audio and video.
    expected: pages.length * (pages.length - 1) * 2,
    seconds,
    pinned,
    janusMsPerS: (janus1 - janus0) / seconds,
    ...forwarded,
    packetsPerS: forwarded.packets / ((f1 - f0) / 1000),
    bytesPerS: forwarded.bytes / ((f1 - f0) / 1000),
    oursCpuPct: (oursMs / 1000 / seconds) * 100,
    otherCpuPct: Math.max(0, ((busy1 - busy0 - oursMs) / 1000 / seconds) * 100),
  };
  log(
    `CPU window, ${pages.length} members: Janus ${r.janusMsPerS.toFixed(1)} ms/s, ${r.streams} forwarded streams, ` +
      `${r.packetsPerS.toFixed(0)} packets/s; this run ${r.oursCpuPct.toFixed(0)} %, others ${r.otherCpuPct.toFixed(0)} % of a core`,
  );
  return r;
}

async function main() {
  const startedAt = new Date().toISOString();
  const { gitSha, machine } = describeMachine(root);
  log('config', JSON.stringify(cfg));
  machine.otherCpuPctAtStart = await otherCpuPctNow();
  log(`other processes ${machine.otherCpuPctAtStart?.toFixed(0)} % of one core before the start`);
  const busyStart = machineBusyMs();
  const treeStart = treeCpu(process.pid);
  const wallStart = performance.now();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'parley-voice-media-'));
  cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));

  mkdirSync(path.join(here, 'results'), { recursive: true });
  const { port } = await startServer(path.join(tmp, 'data'));
  const api = apiClient(port);
  const people = Array.from({ length: Math.max(...cfg.sizes) }, (_, i) => ({
    email: `m${i}@bench.invalid`,
    name: `member${i}`,
    password: PASSWORD,
  }));
  await api('POST', '/admin/system/create_admin', {
    json: { email: 'admin@bench.invalid', name: 'admin', password: PASSWORD, gender: 0 },
  });
  const { token } = await api('POST', '/token/login', {
    json: {
      credential: { type: 'password', email: 'admin@bench.invalid', password: PASSWORD },
      device: 'bench',
    },
  });
  for (const p of people) await api('POST', '/user/register', { json: { ...p, gender: 0, device: 'web' } });
  const channel = async (name) =>
    (await api('POST', '/group', { token, json: { name, is_public: true } })).gid;
  const voiceConfig = (sfuUrl, prefix) =>
    api('POST', '/admin/voice/config', {
      token,
      json: {
        stun_urls: [],
        turn_urls: [],
        turn_secret: '',
        turn_ttl: 3600,
        mesh_limit: 6,
        max_calls: 100,
        ice_address_prefixes: [prefix],
        sfu_url: sfuUrl,
        sfu_limit: 16,
      },
    });

  const net = await launchNamespaced({
    serverPort: port,
    tag: `${process.pid}`,
    // Kept after the run (git-ignored) for when media does not flow.
    janusLog: path.join(here, 'results', 'voice-media-janus.log'),
  });
  cleanups.push(() => net.close());
  const janus = await net.janusPid();
  log(`Janus pid ${janus}`);

  const pages = [];
  for (const who of people) {
    const context = await net.browser.newContext({
      baseURL: `http://127.0.0.1:${port}`,
      viewport: { width: 1280, height: 800 },
    });
    await context.addInitScript(installProbe, POLL_MS);
    const page = await context.newPage();
    await signIn(page, who);
    pages.push(page);
  }

  // 1a. Mesh, 2 members, loopback candidates only.
  await voiceConfig('', '127.0.0.1');
  const meshGid = await channel('mesh');
  for (const p of pages.slice(0, 2)) await openChannel(p, meshGid);
  await join(pages[0], { expect: 0, timed: false });
  const latency = [await joinSamples(pages[1], 1, 'mesh 2')];
  await leave(pages[0]);

  // 2a. Janus with no room (Parley has no session on it yet).
  const cpu = [await cpuWindow(janus, [])];

  // 1b and 2b. The SFU: a room that grows to each size; Janus's CPU and then joins at each.
  await voiceConfig(net.janusUrl, '10.255.0.1');
  const sfuGid = await channel('sfu');
  for (const p of pages) await openChannel(p, sfuGid);
  await join(pages[0], { expect: 0, timed: false });
  // A size that fails (a join that never completes, media that never flows) ends the growth; the
  // report keeps what was measured and says what failed, with what the pages and the server show.
  let failure = null;
  const largest = Math.max(...cfg.sizes);
  for (let n = 2; n <= largest && !failure; n++) {
    const joiner = pages[n - 1];
    try {
      await join(joiner, { expect: n - 1, timed: false });
      if (cfg.sizes.includes(n)) {
        await waitFlowing(pages.slice(0, n), n - 1);
        const window = await cpuWindow(janus, pages.slice(0, n));
        cpu.push(window);
        if (window.streams < window.expected)
          throw new Error(`${window.streams} of ${window.expected} streams flowed during the CPU window`);
      }
      // Joins are timed after the size's CPU window, so that the window sees a room without churn.
      if (cfg.sizes.includes(n)) {
        await leave(joiner);
        await sleep(1000);
        latency.push(await joinSamples(joiner, n - 1, `sfu ${n}`));
        if (n < largest) await join(joiner, { expect: n - 1, timed: false });
      }
    } catch (err) {
      failure = {
        members: n,
        message: String(err.message ?? err).split('\n')[0],
        pages: await describeCall(pages.slice(0, n)),
        rooms: await api('GET', '/voice/rooms', { token }).catch((e) => String(e)),
        janusThreads: threadStates(janus),
      };
      log(`sfu ${n} failed:`, JSON.stringify(failure));
      process.exitCode = 1;
    }
  }
  for (const p of pages) if (await p.getByTestId('voice-leave').isVisible()) await leave(p);

  // The run's processes all live until the end (pages, server, Janus), so the tree's CPU is ours.
  const ours = treeDelta(treeStart, treeCpu(process.pid));
  machine.otherCpuPctDuring = Math.max(
    0,
    ((machineBusyMs() - busyStart - ours) / (performance.now() - wallStart)) * 100,
  );
  machine.otherCpuPctAtEnd = await otherCpuPctNow();
  const wallMs = performance.now() - t0;
  const noisy =
    machine.otherCpuPctAtStart > 15 ||
    machine.otherCpuPctAtEnd > 15 ||
    machine.otherCpuPctDuring > 10 ||
    cpu.some((c) => c.otherCpuPct > 10);
  const result = {
    startedAt,
    config: cfg,
    machine,
    latency,
    cpu,
    failure,
    noisy,
    wallMs,
  };
  saveRun(result, report(result), { prefix: 'voice-media-', gitSha });
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    clearTimeout(watchdog);
    await stopAll();
    // Playwright's connection and any forwarder left open would keep the process alive.
    process.exit();
  });
