import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, adminToken, registerAccount, snap } from './support.js';

/**
 * Issue 14, accessibility beyond 04-first-impressions: dialogs keep focus inside and give it back,
 * new messages are read out by a live region, and axe finds nothing serious on the screens that spec
 * does not visit (sign-in, sign-up, saved items, bots), light and dark, phone and desktop.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let gid = 0;
let token = '';

test.beforeAll(async ({ request }) => {
  token = await adminToken(request, 'e2e-a11y');
  const group = await request.post('/api/group', {
    headers: { 'x-api-key': token },
    data: { name: 'a11y-room', is_public: true },
  });
  const body = await group.json();
  gid = typeof body === 'number' ? body : body.gid;
});

async function signInAsAdmin(page: Page) {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/chat/);
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Result = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Result[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`axe finds nothing serious on sign-in, sign-up, saved items and bots, ${theme} at ${viewport.width} px`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      const page = await context.newPage();
      const tag = `${theme}-${viewport.width}`;
      await page.goto('/#/login');
      await expect(page.getByTestId('login-form')).toBeVisible();
      expect(await seriousAxeViolations(page), 'login').toEqual([]);
      await page.goto('/#/register');
      await expect(page.locator('main')).toBeVisible();
      expect(await seriousAxeViolations(page), 'register').toEqual([]);

      await signInAsAdmin(page);
      await page.goto('/#/favs');
      await expect(page.locator('main')).toBeVisible();
      expect(await seriousAxeViolations(page), 'favs').toEqual([]);
      await snap(page, `a11y-favs-${tag}`);
      await page.goto('/#/setting/bots');
      await expect(page.locator('main')).toBeVisible();
      expect(await seriousAxeViolations(page), 'bots').toEqual([]);
      await snap(page, `a11y-bots-${tag}`);
      await context.close();
    });
  }
}

test('a dialog keeps focus inside while open and gives it back to its opener', async ({ page }) => {
  await signInAsAdmin(page);
  const opener = page.getByTestId('create-channel-button');
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('create-channel-dialog');
  await expect(dialog).toBeVisible();
  expect(await seriousAxeViolations(page), 'create-channel dialog').toEqual([]);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `tab ${i + 1}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a live region reads out a message from someone else as it arrives', async ({ page, request }) => {
  await signInAsAdmin(page);
  await page.goto(`/#/chat/channel/${gid}`);
  await expect(page.getByTestId('composer')).toBeVisible();
  // Another member posts in the open channel.
  const stamp = Date.now();
  const { token: bea } = await registerAccount(
    request,
    { 'x-api-key': token },
    { email: `live-${stamp}@parley.test`, password: 'live password 12', name: `Live${stamp % 10000}` },
  );
  await request.post(`/api/group/${gid}/send`, {
    headers: { 'x-api-key': bea, 'content-type': 'text/plain' },
    data: 'hello from the live region test',
  });
  const live = page.locator('[aria-live="polite"]').filter({ hasText: 'hello from the live region test' });
  await expect(live).toHaveCount(1);
});
