import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync, crc32 } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, adminToken, createPublicChannel, signIn, snap } from './support.js';

/**
 * Link previews and code blocks (issue 10): a message with a link to a local page gets a card with
 * the page's Open Graph title, description and image, and the browser never contacts the page's
 * host (the image comes through the server's proxy). A fenced code block is highlighted and has a
 * copy button. The page's origin is reachable by the server only because the e2e server
 * allow-lists 127.0.0.1 (`OUTBOUND_ALLOW` in playwright.config.ts). Screenshots light and dark,
 * phone and desktop.
 */
let gid = 0;
let origin: http.Server;
let originUrl = '';

/** A 160×90 gradient PNG, made here so that the spec needs no binary fixture. */
function gradientPng(): Buffer {
  const [w, h] = [160, 90];
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++)
      row.set([79 + Math.floor((x * 100) / w), 70 + Math.floor((y * 80) / h), 229], 1 + x * 3);
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PAGE = `<!doctype html><html><head><title>Fallback</title>
<meta property="og:title" content="Quarterly planning notes">
<meta property="og:description" content="Goals, owners and dates for the next quarter, with the decisions from Monday's review.">
<meta property="og:site_name" content="Team Wiki">
<meta property="og:image" content="/cover.png">
</head><body>hello</body></html>`;

const CODE = [
  'Deploy script:',
  '',
  '```ts',
  'export async function deploy(env: string): Promise<number> {',
  '  const tag = `v${Date.now()}`; // build tag',
  '  return await push(env, tag, 3);',
  '}',
  '```',
].join('\n');

test.beforeAll(async ({ request }) => {
  const png = gradientPng();
  origin = http.createServer((req, res) => {
    if (req.url === '/notes') res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    else if (req.url === '/cover.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  const headers = { 'x-api-key': await adminToken(request, 'e2e-previews') };
  gid = await createPublicChannel(request, headers, 'planning');
  await send(request, headers, 'text/plain', `Notes from today: ${originUrl}/notes`);
  await send(request, headers, 'text/markdown', CODE);
  await send(request, headers, 'text/markdown', `Whiteboard photo: ![whiteboard](${originUrl}/cover.png)`);
});

test.afterAll(async () => {
  await new Promise((resolve) => origin?.close(resolve));
});

async function send(request: APIRequestContext, headers: Record<string, string>, type: string, text: string) {
  const sent = await request.post(`/api/group/${gid}/send`, {
    headers: { ...headers, 'content-type': type },
    data: text,
  });
  expect(sent.ok(), await sent.text()).toBe(true);
}

/** Requests the page makes to any host but the server (the preview origin included). */
function watchRemote(page: Page, base: string): string[] {
  const remote: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith('data:') && new URL(url).host !== new URL(base).host) remote.push(url);
  });
  return remote;
}

async function openChannel(browser: Browser, theme: 'light' | 'dark', width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    colorScheme: theme,
  });
  const page = await context.newPage();
  const remote = watchRemote(page, test.info().project.use.baseURL!);
  await signIn(page, ADMIN);
  await page.goto(`/#/chat/channel/${gid}`);
  const card = page.locator('.link-preview');
  await expect(card).toBeVisible();
  return { context, page, remote, card };
}

test('a link gets a preview card, its image through the server; code is highlighted with a copy button', async ({
  browser,
}) => {
  const { context, page, remote, card } = await openChannel(browser, 'light', 1440);
  await expect(card).toContainText('Quarterly planning notes');
  await expect(card).toContainText('Team Wiki');
  await expect(card).toHaveAttribute('href', `${originUrl}/notes`);
  await expect(card).toHaveAttribute('rel', /noopener/);
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', /^\/api\/resource\/image_proxy\?/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);

  const block = page.locator('.markdown pre.code-block');
  await expect(block.locator('.hljs-keyword').first()).toBeVisible();
  await expect(block.locator('.hljs-comment')).toContainText('build tag');
  const copy = block.getByRole('button', { name: 'Copy code' });
  await copy.focus();
  await expect(copy).toBeVisible();

  // A Markdown image is a link until clicked; then it shows, fetched through the server.
  const markdownImage = page.locator('.markdown img');
  await expect(page.locator('a.markdown__image-link')).toHaveText('whiteboard');
  expect(await markdownImage.count()).toBe(0);
  await page.locator('a.markdown__image-link').click();
  await expect(markdownImage).toHaveAttribute('src', /^\/api\/resource\/image_proxy\?/);
  await expect.poll(() => markdownImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  expect(context.pages()).toHaveLength(1);
  expect(remote).toEqual([]);
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 1440]) {
    test(`preview and code screenshots in ${theme} at ${width} px`, async ({ browser }) => {
      const { context, page, remote } = await openChannel(browser, theme, width);
      await expect(page.locator('.markdown .hljs-keyword').first()).toBeVisible();
      await expect
        .poll(() => page.locator('.link-preview img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(160);
      await snap(page, `previews-${theme}-${width}`);
      // The card and the highlighted code pass axe (contrast of every token colour included).
      const axe = await new AxeBuilder({ page }).include('.link-preview').include('pre.code-block').analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      expect(remote).toEqual([]);
      await context.close();
    });
  }
}
