/**
 * The same requests as `apiClient` (`server.ts`), sent with `node:http` over a keep-alive agent
 * instead of `fetch`: for files that send thousands of requests (`bad-input.test.ts`), where
 * fetch's web streams, abort signals and body copies were most of the test's CPU. It follows no
 * redirect and adds no header of its own beyond `Host`, `Content-Length` and, as fetch does, a text body's
 * `text/plain` type, so a request goes
 * out as written; the answer is a `TestResponse` like `apiClient`'s.
 */
import http from 'node:http';
import type { ApiClient, RequestOptions, TestResponse } from './server.js';

export interface HttpClient extends ApiClient {
  /** Closes the idle keep-alive connections. */
  close(): void;
}

export function httpClient(url: string): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const request = (method: string, path: string, init: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers['x-api-key'] = init.token;
    let body: string | Buffer | undefined = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] ??= 'application/json';
    }
    // As fetch does: a text body without a type is sent as text/plain.
    if (typeof body === 'string' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'text/plain;charset=UTF-8';
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const req = http.request(`${url}/api${path}`, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('error', reject);
        res.once('end', () => {
          const bytes = Buffer.concat(chunks);
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
