/**
 * A throwaway Redis for tests: Debian's `redis-server` on 127.0.0.1, a free port, a temp working
 * directory, no persistence and no config file (so nothing from /etc/redis applies). `kill()` and
 * `restart()` let a test take Redis away and bring it back on the same port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  exited,
  freePort,
  redisPing,
  redisServerArgs,
  tiedToParent,
  waitForExit,
} from '../../../../scripts/lib/processes.mjs';

const INSTALL_HINT = 'apt-get install -y redis-server';
const START_TIMEOUT_MS = 10_000;

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** SIGTERM, then waits for the process to exit; removes its directory. Safe to call twice. */
  stop(): Promise<void>;
  /** SIGKILL (a crash), then waits for the process to exit. */
  kill(): Promise<void>;
  /** Starts Redis again on the same port (stopping it first if it runs); resolves once it answers PING. */
  restart(): Promise<void>;
}

function findRedisServer(): string {
  if (existsSync('/usr/bin/redis-server')) return '/usr/bin/redis-server';
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  if (found) return found;
  throw new Error(
    `redis-server not found (looked at /usr/bin and PATH). Install it with: sudo ${INSTALL_HINT}`,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// When the test process exits without stopping its servers: no orphaned redis-server. (A process
// killed by a signal runs no 'exit' hook; `tiedToParent` covers that.)
const running = new Set<ChildProcess>();
const directories = new Set<string>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) if (!exited(child)) child.kill('SIGKILL');
    for (const dir of directories) rmSync(dir, { recursive: true, force: true });
  });
}

interface Launched {
  child: ChildProcess;
  output: () => string;
}

/** Spawns redis-server on `port` and waits until it answers PING; rejects if it exits first. */
async function launch(bin: string, port: number, dir: string): Promise<Launched> {
  mkdirSync(dir, { recursive: true });
  const args = [...redisServerArgs(port, dir), '--protected-mode', 'no'];
  const [program, programArgs] = tiedToParent(bin, args);
  const child = spawn(program, programArgs, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let spawnError: Error | undefined;
  child.once('error', (err) => {
    spawnError = err;
  });
  const output = () => log;

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (spawnError) throw new Error(`could not run ${bin}: ${spawnError.message}`);
    if (exited(child)) {
      throw new Error(`redis-server on port ${port} exited (${child.exitCode ?? child.signalCode}):\n${log}`);
    }
    if (await redisPing(port)) return { child, output };
    await sleep(50);
  }
  child.kill('SIGKILL');
  await waitForExit(child);
  throw new Error(`redis-server on port ${port} did not answer PING within ${START_TIMEOUT_MS} ms:\n${log}`);
}

const addressInUse = (err: unknown) => err instanceof Error && /address already in use/i.test(err.message);

export async function startRedis(): Promise<RedisServer> {
  const bin = findRedisServer();
  installExitHook();
  const dir = mkdtempSync(join(tmpdir(), 'parley-redis-'));
  directories.add(dir);

  let port = 0;
  let current: Launched | undefined;
  try {
    // The free port can be taken between probing and binding; then try another.
    for (let attempt = 0; !current; attempt++) {
      port = await freePort();
      try {
        current = await launch(bin, port, dir);
      } catch (err) {
        if (!addressInUse(err) || attempt >= 2) throw err;
      }
    }
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    directories.delete(dir);
    throw err;
  }

  const signal = async (sig: NodeJS.Signals) => {
    const child = current?.child;
    if (!child || exited(child)) return;
    child.kill(sig);
    await waitForExit(child);
  };

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      await signal('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
      directories.delete(dir);
    },
    kill: () => signal('SIGKILL'),
    async restart() {
      await signal('SIGTERM');
      directories.add(dir);
      // Same port on purpose; if something else took it meanwhile, wait a little for it to go.
      for (let attempt = 0; ; attempt++) {
        try {
          current = await launch(bin, port, dir);
          return;
        } catch (err) {
          if (!addressInUse(err) || attempt >= 20) throw err;
          await sleep(250);
        }
      }
    },
  };
}
