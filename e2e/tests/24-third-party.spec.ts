import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, adminToken, signIn, snap } from './support.js';

/**
 * Issue 13, third-party sign-in (docs/third-party.md): a site on another origin mints a key on its
 * server with the secret and gives it to the widget as `data-login-token`: its customer is signed
 * in as their own Parley account and writes to the host; `/#/oauth/:key` signs a browser in; a key
 * works once; the framed client (`?embed=1`) reaches the account menu; the settings screen shows
 * and regenerates the secret (light and dark, 1280 and 375 px).
 */
test.describe.configure({ mode: 'serial' });

let site: Server;
let siteUrl = '';
let token = '';
let hostUid = 0;
let secret = '';
let loginConfig: Record<string, unknown> = {};

async function mintKey(baseURL: string, userid: string, username: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/token/create_third_party_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-secret': secret },
    body: JSON.stringify({ userid, username }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as string;
}

/** The site's page: its server mints a key for its signed-in customer on every page view. */
function sitePage(parleyUrl: string, key: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme account</title>
  <meta name="viewport" content="width=device-width, initial-scale=1"></head>
  <body><main><h1>Welcome back, Carla</h1></main>
  <script src="${parleyUrl}/widget.js" async data-id="acme-account" data-host-id="${hostUid}"
    data-title="Acme support" data-auto-reg="false" data-login-token="${key}" data-lang="en"></script>
  </body></html>`;
}

test.beforeAll(async ({ request, baseURL }) => {
  token = await adminToken(request, 'e2e-third-party');
  const headers = { 'x-api-key': token };
  hostUid = (await (await request.get('/api/user/me', { headers })).json()).uid;
  loginConfig = await (await request.get('/api/admin/login/config')).json();
  const on = await request.post('/api/admin/login/config', {
    headers,
    data: { ...loginConfig, third_party: true },
  });
  expect(on.ok()).toBe(true);
  secret = await (await request.get('/api/admin/system/third_party_secret', { headers })).text();
  site = createServer((_req, res) => {
    void mintKey(baseURL!, 'acme-carla', 'Carla Customer').then((key) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(sitePage(baseURL!, key));
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
});

test.afterAll(async ({ request }) => {
  await new Promise((resolve) => site.close(resolve));
  await request.post('/api/admin/login/config', {
    headers: { 'x-api-key': token },
    data: { ...loginConfig, third_party: false },
  });
});

async function uidNamed(request: APIRequestContext, name: string): Promise<number> {
  const users = (await (
    await request.get('/api/user', { headers: { 'x-api-key': token } })
  ).json()) as unknown;
  const list = Array.isArray(users) ? users : [];
  const found = (list as { uid: number; name: string }[]).find((u) => u.name === name);
  return found?.uid ?? 0;
}

test('the widget on another site signs the customer in with the login token', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(siteUrl);
  const frame = page.frameLocator('iframe[data-parley-widget="acme-account"]');
  await frame.getByRole('button', { name: 'Open chat' }).click();
  // Signed in by the key: no name or password asked, the composer is there.
  const composer = frame.getByRole('textbox', { name: 'Write a message…' });
  await expect(composer).toBeVisible();
  await composer.fill('Hello, it is Carla from my account page');
  await composer.press('Enter');
  await expect(frame.getByText('Hello, it is Carla from my account page')).toBeVisible();

  // The host gets it from the site's user, as a third-party account.
  await expect.poll(() => uidNamed(request, 'Carla Customer')).toBeGreaterThan(0);
  const uid = await uidNamed(request, 'Carla Customer');
  const info = await (await request.get(`/api/user/${uid}`, { headers: { 'x-api-key': token } })).json();
  expect(info).toMatchObject({ create_by: 'thirdparty', email: null });
  await expect
    .poll(async () => {
      const res = await request.get(`/api/user/${uid}/history`, { headers: { 'x-api-key': token } });
      return ((await res.json()) as { detail: { content?: string } }[]).map((m) => m.detail.content);
    })
    .toContain('Hello, it is Carla from my account page');
  await snap(page, 'third-party-widget-desktop-light');

  // The next page view brings a new key for the same customer: the same account, the same conversation.
  await page.reload();
  await frame.getByRole('button', { name: 'Open chat' }).click();
  await expect(frame.getByText('Hello, it is Carla from my account page')).toBeVisible();
  expect(await uidNamed(request, 'Carla Customer')).toBe(uid);
});

test('/#/oauth/:key signs a browser in once; a used key is refused', async ({ browser, baseURL }) => {
  const key = await mintKey(baseURL!, 'acme-olga', 'Olga Oauth');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/#/oauth/${key}`);
  await page.waitForURL(/#\/chat$/);
  await expect(page.locator('.app-shell[data-synced]')).toBeVisible();
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu')).toContainText('Olga Oauth');
  await context.close();

  const again = await browser.newContext();
  const second = await again.newPage();
  await second.goto(`/#/oauth/${key}`);
  await expect(second.getByTestId('oauth-failed')).toBeVisible();
  await second.getByTestId('oauth-back').click();
  await expect(second.getByTestId('login-form')).toBeVisible();
  await again.close();
});

test('the framed client reaches the account menu by mouse and keyboard, on a phone too', async ({
  browser,
  baseURL,
}) => {
  const key = await mintKey(baseURL!, 'acme-fred', 'Fred Framed');
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(`/?embed=1#/oauth/${key}`);
  await page.waitForURL(/#\/chat$/);
  await expect(page.locator('.app-shell[data-synced]')).toBeVisible();
  await expect(page.locator('.nav-rail')).toBeHidden();
  const button = page.getByTestId('user-menu-button');
  await expect(button).toBeVisible();
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('user-menu');
  await expect(menu).toBeVisible();
  await expect(page.getByTestId('logout-button')).toBeInViewport();
  await expect(page.getByTestId('settings-link')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snap(page, 'third-party-embed-menu-phone');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  // By mouse: log out.
  await button.click();
  await page.getByTestId('logout-button').click();
  await page.waitForURL(/#\/login/);
  await context.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).include('[data-testid="third-party-settings"]').analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the settings screen shows and regenerates the secret', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN);
  await page.goto('/#/setting/third_party');
  const screen = page.getByTestId('third-party-settings');
  await expect(screen).toBeVisible();
  await expect(page.getByTestId('third-party-state')).toContainText('Third-party login is on.');
  const field = page.getByTestId('third-party-secret');
  await expect(field).toHaveValue(secret);
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByTestId('third-party-show').click();
  await expect(field).toHaveAttribute('type', 'text');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'third-party-settings-light-1280');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'third-party-settings-dark-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(screen).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snap(page, 'third-party-settings-dark-375');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  await snap(page, 'third-party-settings-light-375');

  // Regenerating asks first, then shows the new secret, which is the one the server now holds.
  await page.getByTestId('third-party-regenerate').click();
  await page.getByTestId('third-party-confirm').click();
  await expect(field).not.toHaveValue(secret);
  const fresh = await (
    await request.get('/api/admin/system/third_party_secret', { headers: { 'x-api-key': token } })
  ).text();
  await expect(field).toHaveValue(fresh);
  secret = fresh;
});
