/**
 * Small local HTTP origins for outbound-fetch tests (link previews, the image proxy): each route is
 * a handler; the origin counts the requests it received.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type OriginHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Origin {
  url: string;
  port: number;
  /** Request paths received, in order. */
  hits: string[];
  /** The headers of the last request. */
  lastHeaders: IncomingMessage['headers'] | undefined;
  close(): Promise<void>;
}

export async function startOrigin(
  routes: Record<string, OriginHandler>,
  host = '127.0.0.1',
): Promise<Origin> {
  const hits: string[] = [];
  const origin: Origin = { url: '', port: 0, hits, lastHeaders: undefined, close: async () => {} };
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    origin.lastHeaders = req.headers;
    const handler = routes[(req.url ?? '').split('?')[0]!];
    if (handler) handler(req, res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  origin.port = (server.address() as AddressInfo).port;
  origin.url = `http://${host}:${origin.port}`;
  origin.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return origin;
}

export const html =
  (body: string, status = 200): OriginHandler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  };

export const redirect =
  (location: string, status = 302): OriginHandler =>
  (_req, res) => {
    res.writeHead(status, { location }).end();
  };
