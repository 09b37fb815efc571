import { createServer } from 'node:net';

/**
 * A loopback port that was free a moment ago: bound to port 0, noted, released. Another process
 * can take it in between, so callers that start a server on it retry on a bind failure.
 */
export function freePort(): Promise<number> {
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
