/**
 * Child-process helpers shared by the server tests (packages/server/test/support) and the
 * benchmarks (bench/lib): both start redis-server, PostgreSQL and nginx on free loopback ports and
 * wait for them. Plain JavaScript so the benchmarks run it without a build; types in the .d.mts.
 */
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

const SETPRIV = '/usr/bin/setpriv';

/**
 * A loopback port that was free a moment ago: bound to port 0, noted, released. Another process
 * can take it in between, so callers that start a server on it retry on a bind failure.
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One PING on a fresh connection; true when the answer is `+PONG`. */
export function redisPing(port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.once('end', () => done(false));
  });
}

/** redis-server as both use it: loopback only, nothing written to disk, files kept in `dir`. */
export function redisServerArgs(port, dir) {
  return ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
}

export const exited = (child) => child.exitCode !== null || child.signalCode !== null;

export function waitForExit(child) {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * On Linux, runs `bin` through `setpriv --pdeathsig`, so the kernel sends `signal` to it when the
 * process (strictly: the thread) that started it dies, however that happens: vitest ends its
 * workers with a signal, which skips 'exit' hooks. setpriv execs `bin`, so the pid stays `bin`'s.
 */
export function tiedToParent(bin, args, signal = 'KILL') {
  if (process.platform !== 'linux' || !existsSync(SETPRIV)) return [bin, args];
  return [SETPRIV, ['--pdeathsig', signal, '--', bin, ...args]];
}
