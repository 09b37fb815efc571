import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, adminToken, createPublicChannel, snap } from './support.js';

/**
 * Issue 14, "Embeddable" (docs/embedding.md): a page on another origin frames the whole client
 * with `?embed=1`. Refused while the administrator allows only this server (the default); once
 * they name the site, the client loads in the frame with the compact layout (no navigation rail,
 * one pane at a time) and a user signs in and chats there.
 */
let site: Server;
let siteUrl = '';
let siteOrigin = '';
let headers: Record<string, string> = {};
const CHANNEL = `framed-${Date.now() % 100000}`;

test.beforeAll(async ({ request, baseURL }) => {
  headers = { 'x-api-key': await adminToken(request, 'e2e-embedding') };
  await createPublicChannel(request, headers, CHANNEL);
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Intranet</title>
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <style>body { margin: 0; font: 16px sans-serif } h1 { margin: 8px 12px; font-size: 18px }
      iframe { display: block; width: 100%; height: calc(100vh - 44px); border: 0 }</style></head>
      <body><h1>Intranet</h1><iframe title="Team chat" src="${baseURL}/?embed=1#/login"></iframe></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
  siteUrl = `${siteOrigin}/`;
});

test.afterAll(async ({ request }) => {
  await request.put('/api/admin/system/embedding', { headers, data: { frame_ancestors: [] } });
  await new Promise((resolve) => site.close(resolve));
});

async function allowSites(request: APIRequestContext, sites: string[]) {
  const res = await request.put('/api/admin/system/embedding', { headers, data: { frame_ancestors: sites } });
  expect(res.ok()).toBe(true);
  const wanted = ['frame-ancestors', "'self'", ...sites].join(' ');
  // Each node rereads the setting within seconds: wait until this one answers with it.
  await expect
    .poll(async () => (await request.get('/')).headers()['content-security-policy'] ?? '')
    .toContain(wanted);
}

const childFrameUrl = (page: Page) =>
  page
    .frames()
    .find((f) => f.parentFrame() !== null)
    ?.url() ?? '';

test('another site frames the client only once the administrator allows it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The default: same origin only, so the browser refuses to show the client in the frame.
  await page.goto(siteUrl);
  await expect.poll(() => childFrameUrl(page)).toMatch(/^chrome-error:/);

  await allowSites(request, [siteOrigin]);
  await page.reload();
  const chat = page.frameLocator('iframe[title="Team chat"]');
  await chat.getByTestId('login-email').fill(ADMIN.email);
  await chat.getByTestId('login-password').fill(ADMIN.password);
  await chat.getByTestId('login-submit').click();
  // Compact: the channel list alone, without the navigation rail.
  await expect(chat.locator('.sidebar')).toBeVisible();
  await expect(chat.locator('.nav-rail')).toBeHidden();
  await expect(chat.locator('html')).toHaveAttribute('data-embed', '1');
  await snap(page, 'embedding-framed-light-1280');
  // A conversation takes the whole frame, with the way back to the list.
  await chat.locator('.sidebar').getByText(CHANNEL).click();
  await expect(chat.getByTestId('conversation')).toBeVisible();
  await expect(chat.locator('.sidebar')).toBeHidden();
  await expect(chat.locator('.back-link').first()).toBeVisible();
  await snap(page, 'embedding-conversation-light-1280');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(chat.locator('html')).toHaveAttribute('data-theme', 'dark');
  await snap(page, 'embedding-framed-dark-375');
});
