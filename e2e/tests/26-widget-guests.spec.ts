import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { adminToken, snap } from './support.js';

/**
 * Issue 14, widget visitors as guests (docs/widget.md): with guest mode on, a page on another
 * origin shows a widget locked to a public channel; a visitor reads it at once, live, without an
 * account, and is asked for a name only when they write; the session survives a reload; turning
 * guest mode off ends the guest's access.
 */
let site: Server;
let siteUrl = '';
let token = '';
let gid = 0;
let guestModeBefore = false;

function sitePage(parleyUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme news</title>
  <meta name="viewport" content="width=device-width, initial-scale=1"></head>
  <body><main><h1>Acme news</h1><p>What is new at Acme.</p></main>
  <script src="${parleyUrl}/widget.js" async data-id="news" data-channel-id="${gid}"
    data-title="Acme community" data-welcome="Read along, and say hello when you like."
    data-theme-color="#0f766e" data-lang="en"></script>
  </body></html>`;
}

async function setGuestMode(request: APIRequestContext, guest: boolean): Promise<boolean> {
  const config = (await (await request.get('/api/admin/login/config')).json()) as { guest: boolean };
  const res = await request.post('/api/admin/login/config', {
    headers: { 'X-API-Key': token },
    data: { ...config, guest },
  });
  expect(res.ok()).toBe(true);
  return config.guest;
}

async function post(request: APIRequestContext, text: string): Promise<void> {
  const res = await request.post(`/api/group/${gid}/send`, {
    headers: { 'X-API-Key': token, 'content-type': 'text/plain' },
    data: text,
  });
  expect(res.ok()).toBe(true);
}

async function channelTexts(request: APIRequestContext): Promise<string[]> {
  const res = await request.get(`/api/group/${gid}/history?limit=50`, { headers: { 'X-API-Key': token } });
  return ((await res.json()) as { detail: { content?: string } }[]).map((m) => m.detail.content ?? '');
}

test.beforeAll(async ({ request, baseURL }) => {
  token = await adminToken(request, 'e2e-widget-guests');
  const made = await request.post('/api/group', {
    headers: { 'X-API-Key': token },
    data: { name: 'Acme news', description: 'News for everyone', is_public: true },
  });
  expect(made.ok()).toBe(true);
  gid = ((await made.json()) as { gid: number }).gid;
  await post(request, 'Spring sale starts Monday');
  guestModeBefore = await setGuestMode(request, true);
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

test.afterAll(async ({ request }) => {
  await setGuestMode(request, guestModeBefore);
  await new Promise((resolve) => site.close(resolve));
});

const widgetFrame = (page: Page): FrameLocator => page.frameLocator('iframe[data-parley-widget="news"]');

/** The session the site's page keeps for the widget (`public/widget.js`). */
const keptSession = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('parley-widget.news') ?? 'null') as {
        kind: string;
        uid: number;
      } | null,
  );

test('a visitor reads the channel as a guest, live, and gives a name only to write', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(siteUrl);
  const frame = widgetFrame(page);
  await frame.getByRole('button', { name: 'Open chat' }).click();

  // Read at once: no name asked, the channel's history shown, new posts arriving live.
  await expect(frame.getByText('Spring sale starts Monday')).toBeVisible();
  const composer = frame.getByRole('textbox', { name: 'Write a message…' });
  await expect(composer).toBeVisible();
  await expect(frame.getByLabel('Your name')).toHaveCount(0);
  await expect.poll(async () => (await keptSession(page))?.kind).toBe('guest');
  await post(request, 'Doors open at nine');
  await expect(frame.getByText('Doors open at nine')).toBeVisible();
  await snap(page, 'widget-guest-desktop-light');

  const axe = await new AxeBuilder({ page }).include('iframe[data-parley-widget="news"]').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Writing asks for a name, keeps the text, and sends it once the visitor has one.
  await composer.fill('Is the sale online too?');
  await composer.press('Enter');
  await expect(frame.getByText('Tell us your name to send your message.')).toBeVisible();
  await frame.getByLabel('Your name').fill('Gina Guest');
  await frame.getByLabel('Your name').press('Enter');
  await expect(frame.locator('.message.mine .bubble', { hasText: 'Is the sale online too?' })).toBeVisible();
  await expect.poll(() => channelTexts(request)).toContain('Is the sale online too?');
  await expect.poll(async () => (await keptSession(page))?.kind).toBe('visitor');

  // A reload keeps the visitor, with the channel.
  await page.reload();
  await frame.getByRole('button', { name: 'Open chat' }).click();
  await expect(frame.getByText('Is the sale online too?')).toBeVisible();
  await expect(frame.getByRole('textbox', { name: 'Write a message…' })).toBeVisible();
});

test('a guest stays the same guest across reloads', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(siteUrl);
  const frame = widgetFrame(page);
  // Until the panel opens, a page view makes no guest.
  await expect(frame.getByRole('button', { name: 'Open chat' })).toBeVisible();
  expect(await keptSession(page)).toBeNull();
  await frame.getByRole('button', { name: 'Open chat' }).click();
  await expect(frame.getByText('Spring sale starts Monday')).toBeVisible();
  await expect.poll(async () => (await keptSession(page))?.kind).toBe('guest');
  const first = await keptSession(page);

  await page.reload();
  await frame.getByRole('button', { name: 'Open chat' }).click();
  await expect(frame.getByText('Spring sale starts Monday')).toBeVisible();
  expect((await keptSession(page))?.uid).toBe(first!.uid);
  await context.close();
});

test('a guest reads on a phone, light and dark', async ({ browser }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 375, height: 700 }, colorScheme });
    const page = await context.newPage();
    await page.goto(siteUrl);
    const frame = widgetFrame(page);
    await frame.getByRole('button', { name: 'Open chat' }).click();
    await expect(frame.getByText('Spring sale starts Monday')).toBeVisible();
    await expect(frame.getByRole('textbox', { name: 'Write a message…' })).toBeVisible();
    const box = await page.locator('iframe[data-parley-widget="news"]').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, `widget-guest-phone-${colorScheme}`);
    // Writing asks for a name (the screenshot is the last step: nothing is clicked after it).
    await frame.getByRole('textbox', { name: 'Write a message…' }).fill('Hello?');
    await frame.getByRole('textbox', { name: 'Write a message…' }).press('Enter');
    await expect(frame.getByText('Tell us your name to send your message.')).toBeVisible();
    await expect(frame.getByLabel('Your name')).toBeFocused();
    await snap(page, `widget-guest-asks-name-phone-${colorScheme}`);
    await context.close();
  }
});

test('turning guest mode off ends a guest’s access', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(siteUrl);
  const frame = widgetFrame(page);
  await frame.getByRole('button', { name: 'Open chat' }).click();
  await expect(frame.getByText('Spring sale starts Monday')).toBeVisible();
  await expect.poll(async () => (await keptSession(page))?.kind).toBe('guest');

  await setGuestMode(request, false);
  try {
    // The stream ends; the widget finds the session gone and shows the way in instead.
    await expect(frame.getByLabel('Your name')).toBeVisible();
    await expect(frame.getByText('Spring sale starts Monday')).toHaveCount(0);
    await expect.poll(() => keptSession(page)).toBeNull();
    // A new visitor reads nothing without a name.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(siteUrl);
    await widgetFrame(fresh).getByRole('button', { name: 'Open chat' }).click();
    await expect(widgetFrame(fresh).getByLabel('Your name')).toBeVisible();
    await expect(widgetFrame(fresh).getByText('Spring sale starts Monday')).toHaveCount(0);
    await other.close();
  } finally {
    await setGuestMode(request, true);
  }
  await context.close();
});
