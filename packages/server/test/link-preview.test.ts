/**
 * Link previews (API.md §7.4, issue 10) and the image proxy: Open Graph data through the safe
 * outbound client, the cache, the server-wide switch, the per-user limit, and what is refused.
 * The local origin is reachable only because the test server allow-lists 127.0.0.1.
 */
import type { OpenGraph } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/server.js';
import { html, redirect, startOrigin, type Origin } from './support/origin.js';
import { RED, solidPng } from './support/images.js';

const PAGE = `<!doctype html><html><head>
<meta charset="utf-8">
<title>Fallback title</title>
<meta property="og:title" content="Parley &amp; friends">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Parley">
<meta name="description" content="Plain description">
<meta property="og:description" content="Team chat &#8212; self-hosted">
<meta property="og:image" content="/cover.png">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="A cover">
<meta property="og:image" content="javascript:alert(1)">
<meta property="og:locale" content="en_GB">
<link rel="icon" href="/favicon.ico">
</head><body><meta property="og:title" content="not in head"></body></html>`;

let t: TestServer;
let origin: Origin;
let admin: TestUser;
let alice: TestUser;
let png: Buffer;

beforeAll(async () => {
  png = await solidPng(RED, 8, 8);
  origin = await startOrigin({
    '/page': html(PAGE),
    '/plain': html('<html><head><title> Just a   title </title></head></html>'),
    '/latin1': (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
        .end(Buffer.from('<title>Caf\xe9</title>', 'latin1')),
    '/json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    '/gone': html('no', 404),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-page': redirect('/page'),
    '/cover.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    '/fake.png': (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end('<svg onload=alert(1)>'),
    '/vector.svg': (_req, res) => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>'),
    '/lang': (req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<title>${req.headers['accept-language'] ?? 'none'}</title>`),
  });
  t = await startTestServer({ env: { OUTBOUND_ALLOW: '127.0.0.1', PREVIEW_RATE: '30' } });
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
});
afterAll(async () => {
  await t?.close();
  await origin?.close();
});

const preview = (user: TestUser | undefined, url: string, headers: Record<string, string> = {}) =>
  t.request('GET', `/resource/open_graphic_parse?url=${encodeURIComponent(url)}`, {
    token: user?.token,
    headers,
  });
const empty: OpenGraph = { type: '', title: '', url: '', images: [], audios: [], videos: [] };

async function setPreviews(enabled: boolean) {
  const ext = JSON.stringify({ enable_msg_url_preview: enabled });
  const res = await t.request('PUT', '/admin/system/common', {
    token: admin.token,
    json: { ext_setting: ext },
  });
  expect(res.status, res.text).toBe(200);
}

describe('open_graphic_parse', () => {
  it('answers the Open Graph data of a page, URLs made absolute, unsafe ones dropped', async () => {
    const res = await preview(alice, `${origin.url}/page`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.json).toEqual({
      type: 'website',
      title: 'Parley & friends',
      url: `${origin.url}/page`,
      images: [{ url: `${origin.url}/cover.png`, width: 1200, height: 630, alt: 'A cover' }],
      audios: [],
      videos: [],
      description: 'Team chat — self-hosted',
      site_name: 'Parley',
      locale: 'en_GB',
      favicon_url: `${origin.url}/favicon.ico`,
    });
  });

  it('falls back to <title>, decodes the declared charset, follows a redirect', async () => {
    expect((await preview(alice, `${origin.url}/plain`)).json.title).toBe('Just a title');
    expect((await preview(alice, `${origin.url}/latin1`)).json.title).toBe('Café');
    const moved = await preview(alice, `${origin.url}/to-page`);
    expect(moved.json.title).toBe('Parley & friends');
    expect(moved.json.url).toBe(`${origin.url}/page`);
  });

  it("forwards the reader's Accept-Language", async () => {
    const res = await preview(alice, `${origin.url}/lang`, { 'accept-language': 'fr-FR' });
    expect(res.json.title).toBe('fr-FR');
  });

  it('caches: asking again does not fetch the page again', async () => {
    const url = `${origin.url}/page?cached`;
    for (let i = 0; i < 4; i++) expect((await preview(alice, url)).status).toBe(200);
    // Each node keeps its own cache: through the cluster's balancer up to one fetch per node.
    const fetched = origin.hits.filter((h) => h === '/page?cached').length;
    expect(fetched).toBeGreaterThanOrEqual(1);
    expect(fetched).toBeLessThanOrEqual(t.nodes.length);
  });

  it('answers the empty preview when the page cannot be had, and fetches nothing private', async () => {
    const before = origin.hits.length;
    for (const url of [
      `http://127.0.0.2:${origin.port}/page`, // loopback, not allow-listed
      `http://[::1]:${origin.port}/page`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://unresolvable.example/',
    ]) {
      const res = await preview(alice, url);
      expect(res.status, url).toBe(200);
      expect(res.json, url).toEqual(empty);
    }
    expect(origin.hits.length).toBe(before);
    for (const path of ['/gone', '/json', '/to-metadata'])
      expect((await preview(alice, `${origin.url}${path}`)).json, path).toEqual(empty);
  });

  it('refuses what is not an absolute http(s) URL with 400, and callers without a token with 401', async () => {
    for (const url of ['', 'not a url', 'file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/'])
      expect((await preview(alice, url)).status, url).toBe(400);
    expect((await t.request('GET', '/resource/open_graphic_parse', { token: alice.token })).status).toBe(400);
    expect((await preview(undefined, `${origin.url}/page`)).status).toBe(401);
  });

  it('fetches nothing while the administrator has previews switched off', async () => {
    await setPreviews(false);
    try {
      const before = origin.hits.length;
      const res = await preview(alice, `${origin.url}/page?off`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual(empty);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(origin.hits.length).toBe(before);
    } finally {
      await setPreviews(true);
    }
    expect((await preview(alice, `${origin.url}/page?off`)).json.title).toBe('Parley & friends');
  });

  it('limits each user (429 with Retry-After), not the others', async () => {
    const busy = await createUser(t, 'busy');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await preview(busy, `${origin.url}/page?n=${i % 3}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const limited = await preview(busy, `${origin.url}/page`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await createUser(t, 'other');
    expect((await preview(other, `${origin.url}/page`)).status).toBe(200);
  });
});

describe('image_proxy', () => {
  const proxied = (user: TestUser | undefined, url: string) =>
    t.request('GET', `/resource/image_proxy?url=${encodeURIComponent(url)}&api-key=${user?.token ?? ''}`);

  it('serves a remote raster image from the server, with its sniffed type', async () => {
    const res = await proxied(alice, `${origin.url}/cover.png`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(res.bytes.equals(png)).toBe(true);
  });

  it('404 for SVG, for bytes that are not the image they claim, for pages and private addresses', async () => {
    for (const url of [
      `${origin.url}/vector.svg`,
      `${origin.url}/fake.png`,
      `${origin.url}/page`,
      `http://127.0.0.2:${origin.port}/cover.png`,
      'http://169.254.169.254/latest/meta-data/',
    ])
      expect((await proxied(alice, url)).status, url).toBe(404);
  });

  it('401 without a token, 400 for a URL that is not http(s)', async () => {
    expect((await proxied(undefined, `${origin.url}/cover.png`)).status).toBe(401);
    expect((await proxied(alice, 'data:image/png;base64,AAAA')).status).toBe(400);
  });
});
