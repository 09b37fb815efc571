import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type ParleyServer } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';

/** The web client as the build leaves it: hashed assets with `.br` and `.gz` twins, index.html, translations. */
const SCRIPT = `console.log(${JSON.stringify('parley '.repeat(200))});`;
const INDEX = '<!doctype html><html><head><title>Parley</title></head><body></body></html>';

let dir: string;
let server: ParleyServer;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'parley-static-'));
  const web = path.join(dir, 'web');
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  mkdirSync(path.join(web, 'locales', 'en'), { recursive: true });
  for (const [file, body] of [
    ['index.html', INDEX],
    ['assets/index-Ab12Cd34.js', SCRIPT],
  ] as const) {
    writeFileSync(path.join(web, file), body);
    writeFileSync(path.join(web, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(web, `${file}.gz`), gzipSync(body));
  }
  writeFileSync(path.join(web, 'locales/en/common.json'), '{"hello":"Hello"}');
  const config = loadConfig({ DATA_DIR: path.join(dir, 'data'), WEB_DIR: web, LOG_LEVEL: 'silent' });
  server = await buildServer({ config });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** fetch decodes the body, so which file went out is read from the encoding and length headers. */
async function get(pathname: string, acceptEncoding: string) {
  const res = await fetch(`${url}${pathname}`, { headers: { 'accept-encoding': acceptEncoding } });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('web client assets', () => {
  it('sends the brotli file to a browser that accepts it', async () => {
    const { res } = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(Number(res.headers.get('content-length'))).toBe(brotliCompressSync(SCRIPT).length);
  });

  it('sends the gzip file when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gz.res.headers.get('content-length'))).toBe(gzipSync(SCRIPT).length);
    expect(gz.body.toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-Ab12Cd34.js', 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for good', async () => {
    const { res } = await get('/assets/index-Ab12Cd34.js', 'br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('makes browsers revalidate index.html and translations, and answers 304 when unchanged', async () => {
    for (const pathname of ['/', '/index.html', '/locales/en/common.json']) {
      const { res } = await get(pathname, 'gzip, br');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const etag = res.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await fetch(`${url}${pathname}`, {
        // As a browser revalidates; fetch would otherwise add `cache-control: no-cache`, which forces a 200.
        headers: { 'accept-encoding': 'gzip, br', 'if-none-match': etag!, 'cache-control': 'max-age=0' },
      });
      expect(again.status).toBe(304);
    }
    const index = await get('/', 'br');
    expect(index.res.headers.get('content-encoding')).toBe('br');
    expect(index.body.toString()).toBe(INDEX);
  });
});
