/**
 * One built Parley server (`dist/main.js`) as a process of its own on a loopback port, as it runs
 * in production: for the crash and failover tests. Its output goes to `logFile`, for the
 * post-mortem of a failed test.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type {} from './bundle-global-setup.js';
import { GENEROUS_LIMITS_ENV } from './limits-env.js';

const DIST_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
/**
 * `PARLEY_TEST_MAIN` runs another entry point, e.g. the bundle `npm start` runs
 * (dist-bundle/main.js); the `cluster` project runs the bundle its global setup made
 * (bundle-global-setup.ts); otherwise the build.
 */
const defaultMain = (): string =>
  process.env.PARLEY_TEST_MAIN
    ? path.resolve(process.env.PARLEY_TEST_MAIN)
    : (inject('serverMain') ?? DIST_MAIN);
/**
 * How long a node may take to answer `/ready`: a hang check, not a speed limit. A start costs about
 * a second of CPU, but three nodes starting at once on a two-core machine at load 35–47 took over
 * 30 s (a CI run with eight other jobs failed every failover test that way).
 */
export const START_TIMEOUT_MS = 90_000;

export interface NodeProcess {
  readonly url: string;
  isRunning(): boolean;
  /** Sends `signal` (SIGKILL: a crash; SIGTERM: a graceful shutdown) and waits for the exit. */
  signal(signal: NodeJS.Signals): Promise<void>;
}

export interface NodeProcessOptions {
  port: number;
  /** Configuration beyond PORT and HOST (DATA_DIR, DATABASE_URL, REDIS_URL, …). */
  env: Record<string, string | undefined>;
  logFile: string;
  /** Another entry point than `PARLEY_TEST_MAIN` / dist/main.js (the bundle test). */
  main?: string;
}

/** Starts the node and resolves once it answers `/ready`. */
export async function startNodeProcess(options: NodeProcessOptions): Promise<NodeProcess> {
  const main = options.main ?? defaultMain();
  if (!existsSync(main)) throw new Error(`build the server first (npm run build): ${main} is missing`);
  const fd = openSync(options.logFile, 'a');
  const proc = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      ...GENEROUS_LIMITS_ENV,
      ...options.env,
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${options.port}`;
  const node: NodeProcess = {
    url,
    isRunning: () => proc.exitCode === null && proc.signalCode === null,
    async signal(signal) {
      if (!node.isRunning()) return;
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill(signal);
      await exited;
    },
  };
  try {
    await waitReady(url, node, options.logFile);
  } catch (err) {
    await node.signal('SIGKILL');
    throw err;
  }
  return node;
}

async function waitReady(url: string, node: NodeProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!node.isRunning()) throw new Error(`node at ${url} exited while starting; see ${logFile}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`node at ${url} not ready after ${START_TIMEOUT_MS / 1000} s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
