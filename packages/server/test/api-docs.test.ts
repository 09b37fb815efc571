/**
 * The API documentation is made on first use (src/http/api-docs.ts) and answers as the Swagger
 * plugins registered on the server itself did: the document, its JSON and YAML copies, the UI's
 * page, redirect and files with their validators, and this server's own 404 for anything else.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/server.js';

const t = useTestServer();
const get = (path: string, init: RequestInit = {}) =>
  fetch(`${t.url}${path}`, { redirect: 'manual', ...init });

describe('the API documentation', () => {
  it('serves one OpenAPI document at /api/spec and as the UI’s JSON and YAML', async () => {
    const [spec, json, yaml] = await Promise.all([
      get('/api/spec'),
      get('/api/swagger/json'),
      get('/api/swagger/yaml'),
    ]);
    expect([spec.status, json.status, yaml.status]).toEqual([200, 200, 200]);
    const doc = (await spec.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/user/me');
    // Hidden routes stay out: the documentation's own, and the web client's.
    expect(Object.keys(doc.paths).some((p) => p.includes('swagger') || p.includes('spec'))).toBe(false);
    expect(await json.json()).toEqual(doc);
    expect(yaml.headers.get('content-type')).toBe('application/x-yaml');
    const text = await yaml.text();
    expect(text).toContain('openapi: 3.0.3');
    expect(text).toContain('/user/me:');
  });

  it('serves the UI: its page, the redirect to it and its files, conditional requests included', async () => {
    const page = await get('/api/swagger/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('swagger-initializer.js');
    // The server's own headers are on every answer, as on any other page.
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');

    const redirect = await get('/api/swagger/static/index.html');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/api/swagger/');
    expect(redirect.headers.get('content-type')).toBeNull();

    const css = await get('/api/swagger/static/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const etag = css.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await css.text()).length).toBeGreaterThan(10_000);
    const again = await get('/api/swagger/static/swagger-ui.css', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const head = await get('/api/swagger/static/swagger-initializer.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it('answers a path it does not know with the server’s own 404', async () => {
    for (const path of ['/api/swagger/nope', '/api/swagger/static/nope.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/plain; charset=utf-8');
      expect(await res.text(), path).toBe('not found');
    }
  });
});
