/**
 * A throwaway PostgreSQL cluster for one test run: Debian's server binaries, a temp data
 * directory (in memory unless durable), loopback only, trust auth, no fsync unless asked to be
 * durable. PostgreSQL refuses to run as root, so as root the cluster runs as the unprivileged
 * system user `parleytest`.
 */
import { execFileSync, spawnSync, type ExecFileSyncOptions } from 'node:child_process';
import {
  accessSync,
  chownSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

const PG_ROOT = '/usr/lib/postgresql';
const TEST_USER = 'parleytest';
const INSTALL_HINT = 'apt-get install -y postgresql';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>` — append `/<database>`. */
  readonly url: string;
  readonly port: number;
  /** Stops the server and removes its directory; safe to call more than once. */
  stop(): void;
  /** Stops the server (fast shutdown: sessions are cut) and keeps its data, for outage tests. */
  halt(): void;
  /** Starts a halted server again on the same port and data. */
  resume(): void;
  /** Immediate shutdown: no checkpoint, sessions killed; the next start replays the WAL as after a crash. */
  crash(): void;
}

export interface PostgresOptions {
  /**
   * Keep PostgreSQL's own durability (fsync, synchronous commit, full page writes), for the tests
   * that crash it. Without it the cluster trades durability for speed, as test clusters may.
   */
  durable?: boolean;
}

function findBinDir(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(PG_ROOT, versions[0], 'bin');
}

const isRoot = () => process.getuid?.() === 0;

function ensureBinDir(): string {
  const found = findBinDir();
  if (found) return found;
  if (isRoot() && existsSync('/etc/debian_version')) {
    execFileSync('apt-get', ['install', '-y', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findBinDir();
    if (installed) return installed;
  }
  throw new Error(
    `PostgreSQL server binaries not found under ${PG_ROOT}/*/bin. Install them with: sudo ${INSTALL_HINT}`,
  );
}

function ensureTestUser(): void {
  if (spawnSync('id', ['-u', TEST_USER]).status === 0) return;
  const result = spawnSync(
    'useradd',
    ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', TEST_USER],
    {
      encoding: 'utf8',
    },
  );
  // Exit status 9: created meanwhile by a concurrent run.
  if (result.status !== 0 && result.status !== 9) {
    throw new Error(`useradd ${TEST_USER} failed: ${result.stderr || result.error?.message}`);
  }
}

/**
 * Where the cluster's directory goes. A cluster that need not be durable goes in memory
 * (`/dev/shm`) where there is one: every test server's database is a copy of the template, over
 * 300 new files (the catalog alone is 298), and on this machine's ext4 creating them took over
 * 40 % of PostgreSQL's CPU in the `cluster` project (docs/testing.md, "The test PostgreSQL in
 * memory"). A durable cluster stays on disk, where its fsyncs mean something. As root,
 * os.tmpdir() may point somewhere the test user cannot enter; /tmp and /dev/shm are
 * world-traversable.
 */
function parentDir(options: PostgresOptions, root: boolean): string {
  if (!options.durable && isWritableDir(MEMORY_DIR)) return MEMORY_DIR;
  return root ? '/tmp' : tmpdir();
}

const MEMORY_DIR = '/dev/shm';

function isWritableDir(path: string): boolean {
  try {
    accessSync(path, constants.W_OK | constants.X_OK);
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresCluster> {
  const bin = ensureBinDir();
  const root = isRoot();
  if (root) ensureTestUser();
  const dir = mkdtempSync(join(parentDir(options, root), 'parley-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  if (root) {
    const uid = Number(execFileSync('id', ['-u', TEST_USER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', TEST_USER], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const options: ExecFileSyncOptions = { cwd: dir, stdio: 'pipe', timeout: 120_000 };
    const path = join(bin, program);
    return root
      ? execFileSync('runuser', ['-u', TEST_USER, '--', path, ...args], options)
      : execFileSync(path, args, options);
  };
  const describe = (err: unknown) => {
    const e = err as { stderr?: Buffer; message?: string };
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
    return `${e.message ?? String(err)}\n${e.stderr?.toString() ?? ''}\n${log}`;
  };

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      if (existsSync(join(dataDir, 'postmaster.pid')))
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // Last resort when the runner dies without calling teardown.
  process.on('exit', stop);

  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const baseConf = readFileSync(join(dataDir, 'postgresql.conf'), 'utf8');
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      writeFileSync(
        join(dataDir, 'postgresql.conf'),
        `${baseConf}
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${dir}'
max_connections = 200
${options.durable ? '' : 'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n'}`,
      );
      try {
        const start = () => run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
        start();
        return {
          url: `postgres://postgres@127.0.0.1:${port}`,
          port,
          stop,
          halt: () => void run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
          resume: () => void start(),
          crash: () => void run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
        };
      } catch (err) {
        // Most likely the port was taken between probing and binding; try another.
        lastError = err;
      }
    }
    throw new Error(`could not start the test PostgreSQL: ${describe(lastError)}`);
  } catch (err) {
    stop();
    throw err instanceof Error && err.message.startsWith('could not start') ? err : new Error(describe(err));
  }
}
