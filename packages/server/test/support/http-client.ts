/**
 * API requests (`ApiClient`, `server.ts`) sent with `node:http` over a keep-alive agent instead of
 * `fetch`: fetch's web streams, abort signals and body copies cost a quarter to a third of the CPU
 * of a request served in the same test process (measured in docs/testing.md, "Speed").
 *
 * `apiClient` (the default, `asFetch`) sends what fetch sent: the same method, path, headers and
 * bytes, plus fetch's own request headers (`accept`, `accept-language`, `sec-fetch-mode`,
 * `user-agent`, `accept-encoding`) unless the caller set them, and a text body without a type as
 * `text/plain;charset=UTF-8`; a compressed answer is decoded as fetch would. `bad-input.test.ts`
 * turns `asFetch` off: beyond `Host`, `Content-Length` and the text type it adds no header, so
 * a malformed request goes out as written. Neither follows redirects (the API answers none).
 */
import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import type { ApiClient, RequestOptions, TestResponse } from './server.js';

export interface HttpClient extends ApiClient {
  /** Closes the idle keep-alive connections. */
  close(): void;
}

export interface HttpClientOptions {
  /** Add the request headers Node's fetch adds, and decode compressed answers. Default true. */
  asFetch?: boolean;
  /** Connections per origin; unlimited by default, as fetch's. */
  maxSockets?: number;
}

/** What Node 20's fetch sends on its own over plain HTTP (checked against a raw server). */
const FETCH_HEADERS: Record<string, string> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

function decode(bytes: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(bytes);
  if (encoding === 'deflate') return inflateSync(bytes);
  return bytes;
}

export function httpClient(url: string, options: HttpClientOptions = {}): HttpClient {
  const asFetch = options.asFetch ?? true;
  // Idle sockets are unreferenced by the agent, and closed by the server when it closes.
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? Infinity });
  const request = (method: string, path: string, init: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers['x-api-key'] = init.token;
    let body: string | Buffer | undefined = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] ??= 'application/json';
    }
    const given = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
    // As fetch does: a text body without a type is sent as text/plain.
    if (typeof body === 'string' && !given.has('content-type'))
      headers['content-type'] = 'text/plain;charset=UTF-8';
    if (asFetch)
      for (const [name, value] of Object.entries(FETCH_HEADERS)) if (!given.has(name)) headers[name] = value;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const req = http.request(`${url}/api${path}`, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('error', reject);
        res.once('end', () => {
          let bytes: Buffer = Buffer.concat(chunks);
          try {
            if (asFetch) bytes = decode(bytes, res.headers['content-encoding']);
          } catch (err) {
            reject(err);
            return;
          }
          const text = bytes.toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          const out = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            out.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          resolve({ status: res.statusCode ?? 0, headers: out, text, bytes, json });
        });
      });
      // A server may answer (413) and close before it has read an oversize body: the answer
      // counts, the write error on the closed socket does not.
      req.once('error', reject);
      req.end(body);
    });
  };
  return { request, close: () => agent.destroy() };
}
