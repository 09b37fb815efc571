/**
 * Browser security headers (docs/deploy.md, "Browser security"): CSP without inline scripts
 * except the web client's theme script by hash, images from this server only, frame-ancestors
 * from configuration; nosniff; Referrer-Policy; CORS narrowed by CORS_ORIGINS.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/index.js';
import { createAdmin, startTestServer, type TestServer } from './support/server.js';
import { openTestStream } from './support/sse.js';

let t: TestServer | undefined;
let webDir: string;
const INDEX = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');

beforeAll(() => {
  // The web client's real index.html (its inline theme script is what the hash must cover).
  webDir = mkdtempSync(path.join(os.tmpdir(), 'parley-web-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  return () => rmSync(webDir, { recursive: true, force: true });
});
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function directives(csp: string | null): Map<string, string[]> {
  expect(csp).toBeTruthy();
  return new Map(
    csp!.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe('security headers', () => {
  it('serves the web client with a CSP that runs only its own scripts and the hashed theme script', async () => {
    t = await startTestServer({ env: { WEB_DIR: webDir } });
    const res = await fetch(`${t.url}/`);
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    const inline = /<script>([\s\S]*?)<\/script>/.exec(INDEX)![1]!;
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(csp.get('script-src')).toEqual(["'self'", hash]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('puts the same headers on API answers, errors included', async () => {
    t = await startTestServer();
    for (const res of [
      await t.request('GET', '/admin/system/initialized'),
      await t.request('GET', '/user/me'),
      await t.request('GET', '/no/such/route'),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(directives(res.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'"]);
    }
  });

  it('takes frame-ancestors from FRAME_ANCESTORS', async () => {
    t = await startTestServer({ env: { FRAME_ANCESTORS: "'self' https://intranet.example.com" } });
    const res = await t.request('GET', '/admin/system/initialized');
    expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
      "'self'",
      'https://intranet.example.com',
    ]);
    expect(res.headers.get('x-frame-options')).toBeNull();
  });
});

describe('CORS_ORIGINS', () => {
  const ALLOWED = 'https://app.example.com';
  const OTHER = 'https://evil.example.net';

  it('echoes only listed origins, on answers, preflights and the event stream', async () => {
    t = await startTestServer({ env: { CORS_ORIGINS: `${ALLOWED}, http://localhost:3009` } });
    const admin = await createAdmin(t);
    const me = (origin: string) => t!.request('GET', '/user/me', { token: admin.token, headers: { origin } });
    expect((await me(ALLOWED)).headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const other = await me(OTHER);
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-credentials')).toBeNull();

    const preflight = await fetch(`${t.url}/api/user/me`, {
      method: 'OPTIONS',
      headers: { origin: OTHER, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const s = await openTestStream(t.url, admin.token, {}, { origin: OTHER });
    await s.ready();
    expect(s.headers['access-control-allow-origin']).toBeUndefined();
    s.close();
    const ok = await openTestStream(t.url, admin.token, {}, { origin: ALLOWED });
    await ok.ready();
    expect(ok.headers['access-control-allow-origin']).toBe(ALLOWED);
    ok.close();
  });

  it('refuses malformed CORS_ORIGINS and FRAME_ANCESTORS at start', () => {
    expect(() =>
      loadConfig({ CORS_ORIGINS: 'app.example.com', FRAME_ANCESTORS: "* 'unsafe-inline'" }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ FRAME_ANCESTORS: "'self'; script-src *" })).toThrow(/FRAME_ANCESTORS/);
    expect(loadConfig({ CORS_ORIGINS: '*' }).http.corsOrigins).toBeUndefined();
  });
});
