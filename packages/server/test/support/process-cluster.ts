/**
 * Scaled mode as it runs in production: separate Parley processes (the built server) on one
 * PostgreSQL and one Redis, behind nginx with the sample config. Failover tests kill, stop and
 * start nodes; each node logs to `<dataDir>/node-<i>.log` for the post-mortem.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNginx, type NginxServer } from './nginx.js';
import { freePort } from './ports.js';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');

export interface ProcessCluster {
  /** nginx in front of every node. */
  url: string;
  nodeUrls: string[];
  /** SIGKILL: a crash, no goodbye. */
  kill(i: number): Promise<void>;
  /** SIGTERM: a graceful shutdown; resolves when the process has exited. */
  stop(i: number): Promise<void>;
  /** Starts node `i` again on its port; resolves once it is ready. */
  start(i: number): Promise<void>;
  isRunning(i: number): boolean;
  close(): Promise<void>;
}

export interface ProcessClusterOptions {
  nodes: number;
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
}

async function waitReady(url: string, proc: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`node exited with ${proc.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`node at ${url} not ready after 30 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exited = (proc: ChildProcess) =>
  proc.exitCode !== null || proc.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => proc.once('exit', () => r()));

export async function startProcessCluster(options: ProcessClusterOptions): Promise<ProcessCluster> {
  if (!existsSync(MAIN)) throw new Error(`build the server first (npm run build): ${MAIN} is missing`);
  const ports = await Promise.all(Array.from({ length: options.nodes }, () => freePort()));
  const nodeUrls = ports.map((p) => `http://127.0.0.1:${p}`);
  const procs: (ChildProcess | undefined)[] = [];

  const start = async (i: number) => {
    const logFile = path.join(options.dataDir, `node-${i}.log`);
    const fd = openSync(logFile, 'a');
    const proc = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
      },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    procs[i] = proc;
    await waitReady(nodeUrls[i]!, proc, logFile);
  };

  const signal = async (i: number, sig: NodeJS.Signals) => {
    const proc = procs[i];
    if (!proc) return;
    proc.kill(sig);
    await exited(proc);
    procs[i] = undefined;
  };

  let nginx: NginxServer | undefined;
  try {
    // All at once, as an orchestrator would: they race to migrate and to create the secrets.
    await Promise.all(ports.map((_, i) => start(i)));
    nginx = await startNginx({ upstreams: ports.map((p) => `127.0.0.1:${p}`) });
  } catch (err) {
    await Promise.all(procs.map((_, i) => signal(i, 'SIGKILL')));
    throw err;
  }

  return {
    url: nginx.url,
    nodeUrls,
    kill: (i) => signal(i, 'SIGKILL'),
    stop: (i) => signal(i, 'SIGTERM'),
    start,
    isRunning: (i) => procs[i] !== undefined && procs[i]!.exitCode === null,
    async close() {
      await nginx?.stop();
      await Promise.all(procs.map((_, i) => signal(i, 'SIGKILL')));
    },
  };
}
