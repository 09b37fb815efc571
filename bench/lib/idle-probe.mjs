/**
 * One idle-RSS reading (docs/benchmarks.md, "Idle RSS"), run by bench/idle-rss.mjs in a fresh
 * process started with `--expose-gc`. Two ways:
 *
 *   node --expose-gc idle-probe.mjs main <server main.js>      the server as `npm start` runs it
 *   node --expose-gc idle-probe.mjs imports <spec> [<spec> …]  a bare node:http server after
 *                                                             importing each spec (attribution)
 *
 * It notes when the first server starts listening (the start time, from process start), waits
 * IDLE_MS, runs gc three times, and prints one JSON line with
 * `process.memoryUsage()` and VmRSS / RssAnon / RssFile from /proc/self/status, then exits.
 * A spec is a package name (resolved from packages/server, as the server resolves it), a path
 * below packages/server (`dist/app.js`), or `build:<dir>` (buildServer from that build, no listen).
 */
import { readFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../../packages/server');
const IDLE_MS = Number(process.env.IDLE_MS ?? 3000);

function status() {
  const text = readFileSync('/proc/self/status', 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;
  return { vmRss: kb('VmRSS'), rssAnon: kb('RssAnon'), rssFile: kb('RssFile') };
}

/**
 * `IDLE_LATE_MS` (> IDLE_MS): a second reading that long after the listen, as `late` in the same
 * line: V8 shrinks the young generation of a process that stopped allocating only after a while.
 */
const IDLE_LATE_MS = Number(process.env.IDLE_LATE_MS ?? 0);

function lateReading() {
  for (let i = 0; i < 3; i++) globalThis.gc();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, ...status() };
}

let reported = false;
function reportLater(startMs) {
  if (reported) return;
  reported = true;
  setTimeout(async () => {
    for (let i = 0; i < 3; i++) globalThis.gc();
    const m = process.memoryUsage();
    const line = {
      startMs,
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      ...status(),
    };
    if (process.env.IDLE_DETAIL === '1') {
      // Committed vs used per V8 space, to tell retained objects from committed room.
      line.spaces = Object.fromEntries(
        v8
          .getHeapSpaceStatistics()
          .map((s) => [
            s.space_name,
            { size: s.space_size, used: s.space_used_size, physical: s.physical_space_size },
          ]),
      );
    }
    if (IDLE_LATE_MS > IDLE_MS) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_LATE_MS - IDLE_MS));
      line.late = lateReading();
    }
    process.stdout.write(`IDLE_PROBE ${JSON.stringify(line)}\n`);
    process.exit(0);
  }, IDLE_MS);
}

if (typeof globalThis.gc !== 'function') throw new Error('idle-probe needs --expose-gc');

if (process.argv[2] === 'imports') {
  const requireServer = createRequire(path.join(serverDir, 'package.json'));
  for (const spec of process.argv.slice(3)) {
    if (spec.startsWith('build:')) {
      const dist = path.join(serverDir, spec.slice('build:'.length));
      const { buildServer } = await import(pathToFileURL(path.join(dist, 'app.js')).href);
      const { loadConfig } = await import(pathToFileURL(path.join(dist, 'config/index.js')).href);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-idle-'));
      await buildServer({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }) });
    } else if (spec.includes('/') && spec.endsWith('.js')) {
      await import(pathToFileURL(path.join(serverDir, spec)).href);
    } else {
      await import(pathToFileURL(requireServer.resolve(spec)).href);
    }
  }
  const http = await import('node:http');
  const server = http.createServer((_req, res) => res.end('ok'));
  server.listen(0, '127.0.0.1', () => reportLater(performance.now()));
} else if (process.argv[2] === 'main') {
  // The server's own listen marks it ready. Imported rather than preloaded with --import, which
  // the SQLite writer thread would inherit (execArgv) and load too.
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (...args) {
    this.once('listening', () => reportLater(performance.now()));
    return listen.apply(this, args);
  };
  process.argv.splice(1, 2);
  await import(pathToFileURL(path.resolve(process.argv[1])).href);
} else {
  throw new Error('usage: idle-probe.mjs main <main.js> | imports <spec>…');
}
