/**
 * Scaled mode as it runs in production: separate Parley processes (the built server) on one
 * PostgreSQL and one Redis, behind nginx with the sample config. Failover tests kill, stop and
 * start nodes; each node logs to `<dataDir>/node-<i>.log` for the post-mortem.
 */
import path from 'node:path';
import { startNginx, type NginxServer } from './nginx.js';
import { startNodeProcess, type NodeProcess } from './node-process.js';
import { freePort } from './ports.js';

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

export async function startProcessCluster(options: ProcessClusterOptions): Promise<ProcessCluster> {
  const ports = await Promise.all(Array.from({ length: options.nodes }, () => freePort()));
  const nodes: (NodeProcess | undefined)[] = [];

  const start = async (i: number) => {
    nodes[i] = await startNodeProcess({
      port: ports[i]!,
      env: {
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
      },
      logFile: path.join(options.dataDir, `node-${i}.log`),
    });
  };

  const signal = async (i: number, sig: NodeJS.Signals) => {
    await nodes[i]?.signal(sig);
    nodes[i] = undefined;
  };

  let nginx: NginxServer | undefined;
  try {
    // All at once, as an orchestrator would: they race to migrate and to create the secrets.
    await Promise.all(ports.map((_, i) => start(i)));
    nginx = await startNginx({ upstreams: ports.map((p) => `127.0.0.1:${p}`) });
  } catch (err) {
    await Promise.all(ports.map((_, i) => signal(i, 'SIGKILL')));
    throw err;
  }

  return {
    url: nginx.url,
    nodeUrls: ports.map((p) => `http://127.0.0.1:${p}`),
    kill: (i) => signal(i, 'SIGKILL'),
    stop: (i) => signal(i, 'SIGTERM'),
    start,
    isRunning: (i) => nodes[i]?.isRunning() === true,
    async close() {
      await nginx?.stop();
      await Promise.all(ports.map((_, i) => signal(i, 'SIGKILL')));
    },
  };
}
