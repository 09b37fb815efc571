import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, adminToken, snap } from './support.js';

/**
 * Issue 14, "Installable and offline-aware": the manifest and the service worker make Chromium offer
 * the install, the app shell opens without a network, a rebuilt client is offered as an update, and
 * messages written offline are sent once the network is back, in order and once each.
 */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web/dist');

test.beforeAll(async ({ request }) => {
  await adminToken(request, 'e2e-pwa');
});

async function signInAsAdmin(page: Page) {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/chat/);
}

/** Waits until the service worker is active and controls the page (a reload hands it the page). */
async function controlledByWorker(page: Page): Promise<string> {
  const scriptUrl = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '',
  );
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Offline-ready once the worker also holds the page's translations (the page asks for them).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const files = ['common', 'chat', 'auth', 'platform'].map((ns) => `locales/en/${ns}.json`);
        const found = await Promise.all(
          files.map((file) => caches.match(new URL(file, document.baseURI).href)),
        );
        return found.every(Boolean);
      }),
    )
    .toBe(true);
  return scriptUrl;
}

test('the browser can install Parley: a manifest with icons and a service worker at /sw.js', async ({
  page,
  baseURL,
}) => {
  await page.goto('/#/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await controlledByWorker(page)).toBe(`${baseURL}/sw.js`);

  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito profiles, where Chromium never installs; that is the only excuse.
  const errors = installability.installabilityErrors.map((e) => e.errorId);
  expect(errors.filter((id) => id !== 'in-incognito')).toEqual([]);

  for (const icon of ['icons/icon-192.png', 'icons/icon-512.png', 'icons/maskable-512.png']) {
    const response = await page.request.get(`/${icon}`);
    expect(response.ok(), icon).toBe(true);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  // The worker must be revalidated, never kept for a year like the hashed assets.
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('offline, the app still opens from the cached shell and says it is offline', async ({
  page,
  context,
}) => {
  await signInAsAdmin(page);
  await controlledByWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('nav-chat')).toBeVisible();
  await expect(page.getByText('Network Offline!')).toBeVisible();
  await snap(page, 'pwa-offline-shell-light-1280');
  await context.setOffline(false);
  await expect(page.getByText('Network Offline!')).toHaveCount(0);
});

test('a rebuilt client is offered as an update; Update reloads it, and the next start offers the mobile app', async ({
  page,
}) => {
  await page.goto('/#/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await controlledByWorker(page);

  // A rebuild changes sw.js (it carries the hash of the app's files); the compressed twins go too.
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(DIST, name));
  const saved = files.filter(existsSync).map((file) => [file, `${file}.saved`] as const);
  for (const [file, copy] of saved) copyFileSync(file, copy);
  try {
    for (const file of files.slice(1)) rmSync(file, { force: true });
    writeFileSync(files[0]!, `${readFileSync(files[0]!, 'utf8')}\n// rebuilt ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.getByTestId('toast-app-update')).toBeVisible();
    await snap(page, 'pwa-update-toast-light-1280');
    expect(await page.evaluate(() => localStorage.getItem('parley.update_toast_shown'))).not.toBeNull();

    const reloaded = page.waitForEvent('load');
    await page.getByTestId('update-apply').click();
    await reloaded;
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByTestId('toast-mobile-app')).toBeVisible();
    await page.getByTestId('mobile-app-dismiss').click();
    await expect(page.getByTestId('toast-mobile-app')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('parley.update_toast_shown'))).toBeNull();
  } finally {
    for (const [file, copy] of saved) {
      copyFileSync(copy, file);
      rmSync(copy);
    }
  }
});

test('messages written offline wait, survive a reload, and are sent once each, in order, when the network is back', async ({
  page,
  context,
  request,
}) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-pwa') };
  const created = await request.post('/api/group', {
    headers,
    data: { name: 'offline-queue', is_public: true },
  });
  const body = await created.json();
  const gid = typeof body === 'number' ? body : (body.gid as number);

  await signInAsAdmin(page);
  await controlledByWorker(page);
  await page.goto(`/#/chat/channel/${gid}`);
  const composer = page.getByTestId('composer');
  await expect(composer).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('Network Offline!')).toBeVisible();
  const texts = ['queued one', 'queued two', 'queued three'];
  for (const text of texts) {
    await composer.fill(text);
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
  }
  const pending = page.locator('[data-testid="message"][data-sending]');
  await expect(pending).toHaveCount(3);
  await snap(page, 'pwa-offline-queued-light-1280');

  // Still offline, a reload (from the worker's app shell) keeps the queue: it is in localStorage.
  // (The channel itself cannot open offline after a reload: channels arrive with the event stream.)
  await page.reload();
  await expect(page.getByTestId('nav-chat')).toBeVisible();
  const queued = () =>
    page.evaluate(() =>
      Object.entries(localStorage)
        .filter(([key]) => key.startsWith('parley.outbox.'))
        .flatMap(([, value]) => (JSON.parse(value) as { content: string }[]).map((item) => item.content)),
    );
  expect(await queued()).toEqual(texts);

  await context.setOffline(false);
  await expect(pending).toHaveCount(0);
  for (const text of texts)
    await expect(page.getByTestId('message').filter({ hasText: text })).toHaveCount(1);

  const history = await request.get(`/api/group/${gid}/history?limit=50`, { headers });
  const sent = ((await history.json()) as { detail: { content: string } }[])
    .map((m) => m.detail.content)
    .filter((content) => content.startsWith('queued '));
  expect(sent).toEqual(texts);
  // The stream's copy of the last message can show before its send's answer, which empties the
  // stored queue: CI29 read the queue in between.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('parley.outbox.'))))
    .toEqual([]);
});

test('a start that never finishes offers Reload after 30 s, which clears the local data', async ({
  page,
}) => {
  await page.clock.install();
  // The translations never come: the app cannot leave its loading screen.
  let hang = true;
  await page.route('**/locales/**', (route) => (hang ? undefined : route.continue()));
  await page.goto('/#/login');
  await page.evaluate(() => localStorage.setItem('parley.auth', '{"stale":true}'));
  await expect(page.getByTestId('loading-screen')).toBeVisible();
  // The page clock also runs on its own meanwhile, hence a wide margin before the 30 s.
  await page.clock.fastForward(20_000);
  await expect(page.getByTestId('loading-reload')).toHaveCount(0);
  await page.clock.fastForward(11_000);
  await expect(page.getByTestId('loading-reload')).toBeVisible();
  await snap(page, 'loading-reload-light-1280');
  hang = false;
  await page.clock.resume();
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('loading-reload').click();
  await reloaded;
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('parley.auth'))).toBeNull();
});
