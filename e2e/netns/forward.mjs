/**
 * Byte forwarding between a TCP port and a Unix socket, for Chromium in its own network namespace
 * (`e2e/netns/chromium-netns.sh`). `tcp-to-unix <port> <socket>` runs inside the namespace; the
 * spec serves the socket from the host side with `serveUnixToTcp`.
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

const [mode, port, socketPath] = process.argv.slice(2);
if (mode === 'tcp-to-unix') {
  net.createServer((c) => pipe(c, net.connect(socketPath))).listen(Number(port), '127.0.0.1');
}
