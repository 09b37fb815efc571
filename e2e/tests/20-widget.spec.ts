import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { ADMIN, adminToken, snap } from './support.js';

/**
 * Issue 14, "Embeddable": a page on another origin (a second loopback port) includes the widget's
 * script tag; a visitor opens the bubble, gives a name, and writes to the host user, who answers;
 * the answer arrives live in the widget, the page's own styles do not reach it, and a reload
 * keeps the visitor's conversation.
 */
let site: Server;
let siteUrl = '';
let token = '';
let hostUid = 0;

const HOSTILE_CSS = `* { color: rgb(255, 0, 0) !important; font-size: 40px !important; }
  button { background: rgb(255, 255, 0) !important; }`;

function sitePage(parleyUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme shop</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <style>${HOSTILE_CSS}</style></head>
  <body><main><h1>Acme shop</h1><p>Our products.</p></main>
  <script src="${parleyUrl}/widget.js" async data-id="shop" data-host-id="${hostUid}"
    data-title="Acme support" data-welcome="Welcome to Acme! Ask us anything."
    data-theme-color="#0f766e" data-position="right" data-lang="en"></script>
  </body></html>`;
}

test.beforeAll(async ({ request, baseURL }) => {
  token = await adminToken(request, 'e2e-widget');
  const me = await request.post('/api/token/login', {
    data: {
      credential: { type: 'password', email: ADMIN.email, password: ADMIN.password },
      device: 'e2e-widget',
    },
  });
  hostUid = (await me.json()).user.uid;
  token = (await me.json()).token;
  const enabled = await request.post('/api/admin/widget/config', {
    headers: { 'X-API-Key': token },
    data: { enabled: true },
  });
  expect(enabled.ok()).toBe(true);
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(sitePage(baseURL!));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

const widgetFrame = (page: Page): FrameLocator => page.frameLocator('iframe[data-parley-widget="shop"]');

async function visitorUid(request: APIRequestContext, name: string): Promise<number> {
  const users = await (await request.get('/api/user', { headers: { 'X-API-Key': token } })).json();
  const found = (users as { uid: number; name: string }[]).find((u) => u.name === name);
  expect(found, `user ${name}`).toBeTruthy();
  return found!.uid;
}

test('a visitor on another site chats with the host user, both ways', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(siteUrl);
  const frame = widgetFrame(page);
  const iframe = page.locator('iframe[data-parley-widget="shop"]');
  await expect(iframe).toHaveCSS('width', '68px');

  await frame.getByRole('button', { name: 'Open chat' }).click();
  await expect(iframe).toHaveCSS('width', '380px');
  await expect(frame.getByText('Welcome to Acme! Ask us anything.')).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Acme support' })).toBeVisible();
  await frame.getByLabel('Your name').fill('Vera Visitor');
  await frame.getByRole('button', { name: 'Start chatting' }).click();

  const composer = frame.getByRole('textbox', { name: 'Write a message…' });
  await composer.fill('Hello from the shop page');
  await composer.press('Enter');
  await expect(frame.getByText('Hello from the shop page')).toBeVisible();

  // The host receives it from an ordinary user named as the visitor chose.
  const uid = await visitorUid(request, 'Vera Visitor');
  await expect
    .poll(async () => {
      const history = await request.get(`/api/user/${uid}/history`, { headers: { 'X-API-Key': token } });
      return ((await history.json()) as { detail: { content?: string } }[]).map((m) => m.detail.content);
    })
    .toContain('Hello from the shop page');

  // The host's answer arrives live.
  const answer = await request.post(`/api/user/${uid}/send`, {
    headers: { 'X-API-Key': token, 'content-type': 'text/plain' },
    data: 'Hi Vera, how can we help?',
  });
  expect(answer.ok()).toBe(true);
  await expect(frame.getByText('Hi Vera, how can we help?')).toBeVisible();

  // The page's `* { color: red }` stays outside the frame.
  const bubble = frame.locator('.message.mine .bubble').first();
  await expect(bubble).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(bubble).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await snap(page, 'widget-desktop-light');

  const axe = await new AxeBuilder({ page }).include('iframe[data-parley-widget="shop"]').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // A reload keeps the visitor signed in, with the conversation.
  // Chromium refuses storage to the third-party frame here, so the page keeps the visitor's session.
  await page.reload();
  await frame.getByRole('button', { name: 'Open chat' }).click();
  await expect(frame.getByText('Hi Vera, how can we help?')).toBeVisible();
  await expect(frame.getByRole('textbox', { name: 'Write a message…' })).toBeVisible();

  // Keyboard: Escape closes the panel and gives focus back to the bubble.
  await frame.getByRole('textbox', { name: 'Write a message…' }).press('Escape');
  await expect(frame.getByRole('button', { name: 'Open chat' })).toBeFocused();
  await expect(iframe).toHaveCSS('width', '68px');
});

test('the widget fits a phone screen, light and dark', async ({ browser }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 375, height: 700 }, colorScheme });
    const page = await context.newPage();
    await page.goto(siteUrl);
    const frame = widgetFrame(page);
    await frame.getByRole('button', { name: 'Open chat' }).click();
    await expect(frame.getByLabel('Your name')).toBeVisible();
    const box = await page.locator('iframe[data-parley-widget="shop"]').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, `widget-phone-${colorScheme}`);
    await context.close();
  }
});

test('a visitor is told when the administrator has turned the widget off', async ({ browser, request }) => {
  await request.post('/api/admin/widget/config', {
    headers: { 'X-API-Key': token },
    data: { enabled: false },
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(siteUrl);
  const frame = widgetFrame(page);
  await frame.getByRole('button', { name: 'Open chat' }).click();
  await expect(frame.getByText('Chat is not available right now.')).toBeVisible();
  await context.close();
  await request.post('/api/admin/widget/config', {
    headers: { 'X-API-Key': token },
    data: { enabled: true },
  });
});
