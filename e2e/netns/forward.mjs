/**
 * Byte forwarding between a TCP port and a Unix socket, for Chromium in its own network namespace
 * (`e2e/netns/chromium-netns.sh`). `tcp-to-unix <port> <socket>` runs inside the namespace; the
 * spec serves the socket from the host side with `serveUnixToTcp`. The other way round (Janus inside
 * the namespace, `e2e/netns/chromium-janus-netns.sh`): `unix-to-tcp <port> <socket>` inside, and
 * `serveTcpToUnix` on the host side.
 */
import net from 'node:net';

function pipe(a, b) {
  a.pipe(b);
  b.pipe(a);
  a.on('error', () => b.destroy());
  b.on('error', () => a.destroy());
}

/** Listens on `socketPath` and forwards each connection to 127.0.0.1:`port` (host side). */
export function serveUnixToTcp(socketPath, port) {
  return net.createServer((c) => pipe(c, net.connect(port, '127.0.0.1'))).listen(socketPath);
}

/** Listens on a free port of 127.0.0.1 (host side) and forwards each connection to `socketPath`. */
export function serveTcpToUnix(socketPath) {
  return net.createServer((c) => pipe(c, net.connect(socketPath))).listen(0, '127.0.0.1');
}

const [mode, port, socketPath] = process.argv.slice(2);
if (mode === 'tcp-to-unix') {
  net.createServer((c) => pipe(c, net.connect(socketPath))).listen(Number(port), '127.0.0.1');
}
if (mode === 'unix-to-tcp') {
  net.createServer((c) => pipe(c, net.connect(Number(port), '127.0.0.1'))).listen(socketPath);
}
