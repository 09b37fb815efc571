/**
 * PostgreSQL and Redis for `bench/cluster.mjs`: throwaway instances on 127.0.0.1 in a temp
 * directory, optionally pinned to one CPU with taskset, plus the /proc readings the report uses
 * to say which process used the server core.
 *
 * PostgreSQL runs durable, as in production (fsync = on, synchronous_commit = on), unlike the test
 * cluster of packages/server/test/support/postgres.ts, whose recipe this follows otherwise. It
 * refuses to run as root, so as root it runs as the unprivileged system user `parleytest`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { freePort, redisPing, redisServerArgs } from '../../scripts/lib/processes.mjs';
import path from 'node:path';
import { sh } from './machine.mjs';

const PG_ROOT = '/usr/lib/postgresql';
const PG_USER = 'parleytest';
const HZ = 100; // USER_HZ: /proc tick length is 10 ms

const isRoot = () => process.getuid?.() === 0;

function pgBinDir() {
  if (!existsSync(PG_ROOT)) return null;
  const v = readdirSync(PG_ROOT)
    .filter((x) => /^\d+(\.\d+)?$/.test(x) && existsSync(path.join(PG_ROOT, x, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return v ? path.join(PG_ROOT, v, 'bin') : null;
}

function ensurePgUser() {
  if (spawnSync('id', ['-u', PG_USER]).status === 0) return;
  const r = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER], {
    encoding: 'utf8',
  });
  // 9: created meanwhile by a concurrent run.
  if (r.status !== 0 && r.status !== 9) throw new Error(`useradd ${PG_USER} failed: ${r.stderr}`);
}

/** `taskset -c <cpu>` in front of a command when pinning, else nothing. */
const pinPrefix = (cpu) => (cpu === undefined || cpu === null ? [] : ['taskset', '-c', String(cpu)]);

/**
 * Starts a PostgreSQL cluster in `dir` (created; owned by `parleytest` when root). Returns its URL
 * (`postgres://postgres@127.0.0.1:<port>`, append `/<db>`), the postmaster pid and a synchronous
 * `stop()` that is safe to call more than once and from an exit handler.
 */
export async function startPostgres(dir, { cpu, maxConnections = 200 } = {}) {
  const bin = pgBinDir();
  if (!bin) throw new Error(`PostgreSQL server binaries not found under ${PG_ROOT}/*/bin`);
  const root = isRoot();
  mkdirSync(dir, { recursive: true });
  if (root) {
    ensurePgUser();
    const uid = Number(execFileSync('id', ['-u', PG_USER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', PG_USER], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const run = (program, args, prefix = []) => {
    const cmd = [
      ...prefix,
      ...(root ? ['runuser', '-u', PG_USER, '--'] : []),
      path.join(bin, program),
      ...args,
    ];
    return execFileSync(cmd[0], cmd.slice(1), {
      cwd: dir,
      stdio: 'pipe',
      timeout: 120_000,
      encoding: 'utf8',
    });
  };
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped || !started) return;
    stopped = true;
    try {
      if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      }
    } catch {
      // Already gone.
    }
  };
  // initdb's --no-sync only skips syncing the files it creates; the server below runs durable.
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      `
# bench/cluster.mjs (attempt ${attempt + 1}; the last setting of a name wins)
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${dir}'
max_connections = ${maxConnections}
fsync = on
synchronous_commit = on
full_page_writes = on
`,
    );
    try {
      // The postmaster inherits the CPU affinity of pg_ctl.
      run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start'], pinPrefix(cpu));
      started = true;
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return { url: `postgres://postgres@127.0.0.1:${port}`, port, pid, dataDir, logFile, stop };
    } catch (err) {
      lastError = err; // most likely the port was taken meanwhile
    }
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '';
  throw new Error(`could not start PostgreSQL: ${lastError?.message}\n${lastError?.stderr ?? ''}\n${log}`);
}

/**
 * Starts redis-server in the foreground as a child of this process (no persistence), waits until
 * it answers PING. `stop()` is synchronous (SIGTERM, this pid only); `exited` resolves on exit.
 */
export async function startRedis(dir, { cpu } = {}) {
  mkdirSync(dir, { recursive: true });
  let lastLog = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const args = [
      ...pinPrefix(cpu),
      'redis-server',
      ...redisServerArgs(port, dir),
      '--logfile',
      path.join(dir, 'redis.log'),
    ];
    const child = spawn(args[0], args.slice(1), { stdio: 'ignore' });
    let alive = true;
    const exited = new Promise((resolve) =>
      child.once('exit', () => {
        alive = false;
        resolve();
      }),
    );
    child.once('error', () => (alive = false));
    for (let i = 0; i < 100 && alive; i++) {
      if (await redisPing(port, 500)) {
        const stop = () => {
          if (alive) child.kill('SIGTERM');
        };
        return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid, stop, exited };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    if (alive) child.kill('SIGKILL');
    await exited;
    lastLog = existsSync(path.join(dir, 'redis.log'))
      ? readFileSync(path.join(dir, 'redis.log'), 'utf8')
      : '';
  }
  throw new Error(`could not start redis-server:\n${lastLog.slice(-2000)}`);
}

export function versions() {
  const bin = pgBinDir();
  return {
    postgres: bin
      ? (sh(path.join(bin, 'postgres'), ['--version'])?.replace(/^postgres \(PostgreSQL\) /, '') ?? '?')
      : '?',
    redis: /v=(\S+)/.exec(sh('redis-server', ['--version']) ?? '')?.[1] ?? '?',
  };
}

// ------------------------------------------------------------------------ CPU accounting ---------

/** Busy and total ms of each CPU since boot, from /proc/stat (`cpu0`, `cpu1`, …). */
export function perCpuMs() {
  const out = [];
  try {
    for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
      const m = /^cpu(\d+)\s+(.*)$/.exec(line);
      if (!m) continue;
      const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = m[2].split(/\s+/).map(Number);
      const busy = user + nice + system + irq + softirq + steal;
      out[Number(m[1])] = { busyMs: (busy / HZ) * 1000, totalMs: ((busy + idle + iowait) / HZ) * 1000 };
    }
  } catch {
    // Not Linux: no per-CPU figures.
  }
  return out;
}

/**
 * CPU ms (user + system) of `rootPid` and its descendants, from /proc: the live processes' own time
 * plus the time of the children each has reaped (cutime, cstime), so a PostgreSQL backend that
 * exits between two readings still counts (in the postmaster's cutime).
 */
export function treeCpuMs(rootPid) {
  if (!rootPid) return null;
  const stats = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const s = readFileSync(`/proc/${e}/stat`, 'utf8');
      const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
      // rest[0] = state (field 3), so field n is rest[n - 3]: ppid 4, utime 14, stime 15,
      // cutime 16, cstime 17.
      const ticks = Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
      stats.set(Number(e), { ppid: Number(rest[1]), ticks });
    } catch {
      // The process ended while we read.
    }
  }
  if (!stats.has(rootPid)) return null;
  const children = new Map();
  for (const [pid, s] of stats) {
    if (!children.has(s.ppid)) children.set(s.ppid, []);
    children.get(s.ppid).push(pid);
  }
  let ticks = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    ticks += stats.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return (ticks / HZ) * 1000;
}
