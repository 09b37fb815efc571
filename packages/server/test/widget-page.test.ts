/**
 * The widget's page and loader as the server serves them (docs/widget.md): any site may frame
 * `/widget.html`, while the app keeps its configured frame-ancestors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';

let t: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'parley-widget-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(webDir, 'widget.html'), '<!doctype html><title>widget</title>');
  writeFileSync(path.join(webDir, 'widget.js'), '(function () {})();');
  t = await startTestServer({ env: { WEB_DIR: webDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string) => fetch(`${t.url}${url}`);
const frameAncestors = (res: Response) =>
  /frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

describe('the widget page', () => {
  it('may be framed by any site, with or without a query', async () => {
    for (const url of ['/widget.html', '/widget.html?host-id=1&theme-color=%23ff0000']) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(frameAncestors(res)).toBe('*');
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    }
  });

  it('leaves the app framed only as configured', async () => {
    for (const url of ['/', '/index.html', '/widget.html.evil', '/api/widget/config']) {
      const res = await get(url);
      expect(frameAncestors(res), url).toBe("'self'");
    }
  });

  it('serves the loader as JavaScript', async () => {
    const res = await get('/widget.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });
});
