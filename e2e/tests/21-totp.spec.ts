import { expect, test, type Page } from '@playwright/test';
import { totpAt, totpStep } from '../../packages/server/src/auth/totp.js';
import path from 'node:path';
import { adminToken, registerMember, SCREENSHOT_DIR, signIn, snap } from './support.js';

/**
 * Issue 12, two-factor sign-in: a member enrols from My account (the key, a first code, the
 * recovery codes shown once), signs out, and signs in again with a code computed here, with a
 * recovery code (which is then used up), and is refused a wrong code.
 */
const WHO = {
  email: `totp.${Date.now()}@parley.test`,
  name: `Tess${Date.now() % 10000}`,
  password: 'tess password 123',
};
let headers: Record<string, string> = {};
let uid = 0;
let secret = '';
let codes: string[] = [];
/** The newest time step a code was accepted for: the next sign-in needs a later one. */
let lastStep = 0;

test.beforeAll(async ({ request }) => {
  headers = { 'x-api-key': await adminToken(request, 'e2e-totp') };
  uid = await registerMember(request, headers, WHO);
});
test.afterAll(async ({ request }) => {
  await request.delete(`/api/admin/user/${uid}/totp`, { headers });
});

/** A code of a step after the last one used (the server accepts one step of drift either side). */
function nextCode(): string {
  const step = Math.max(totpStep(Date.now()), lastStep + 1);
  lastStep = step;
  return totpAt(secret, step * 30_000);
}

/** The two-factor section of My account (it scrolls inside the settings pane, past a page shot). */
const snapSection = (page: Page, name: string) =>
  page.getByTestId('security-page').screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

/** The password step of the login page, which then asks for the code. */
async function passwordStep(page: Page) {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(WHO.email);
  await page.getByTestId('login-password').fill(WHO.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('totp-login-form')).toBeVisible();
}

test('a member enrols from My account and gets recovery codes once', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, WHO);
  await page.goto('/#/setting/account');
  await page.getByTestId('totp-setup').click();
  const shown = (await page.getByTestId('totp-secret').textContent()) ?? '';
  secret = shown.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByTestId('totp-url')).toContainText(`secret=${secret}`);
  await snapSection(page, 'totp-enrol-desktop-light');
  // A wrong first code changes nothing.
  await page.getByTestId('totp-enrol-code').fill('000000');
  await page.getByTestId('totp-enable').click();
  await expect(page.getByTestId('totp-enrol-code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('totp-enrol-code').fill(nextCode());
  await page.getByTestId('totp-enable').click();
  const list = page.getByTestId('totp-code-list');
  await expect(list.locator('li')).toHaveCount(10);
  codes = (await list.locator('li').allTextContents()).map((c) => c.trim());
  for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await snapSection(page, 'totp-recovery-codes-desktop-light');
  await page.getByTestId('totp-codes-done').click();
  await expect(page.getByTestId('totp-status')).toContainText('10');
  await expect(page.getByTestId('totp-code-list')).toHaveCount(0);
  await context.close();
});

test('signing in asks for the code; a wrong one is refused, the right one lets in', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await passwordStep(page);
  await snap(page, 'totp-login-phone-dark');
  await page.getByTestId('totp-login-code').fill('000000');
  await page.getByTestId('totp-login-submit').click();
  await expect(page.getByTestId('totp-login-code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('totp-login-code').fill(nextCode());
  await page.getByTestId('totp-login-submit').click();
  await page.waitForURL(/#\/chat/);
  await page.goto('/#/setting/account');
  await expect(page.getByTestId('totp-status')).toContainText('10');
  await snapSection(page, 'totp-on-phone-dark');
  await context.close();
});

test('a recovery code signs in once, then it is used up', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await passwordStep(page);
  await page.getByTestId('totp-login-code').fill(codes[0]!);
  await page.getByTestId('totp-login-submit').click();
  await page.waitForURL(/#\/chat/);
  await page.goto('/#/setting/account');
  await expect(page.getByTestId('totp-status')).toContainText('9');
  await context.close();

  const again = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await again.newPage();
  await passwordStep(tab);
  await tab.getByTestId('totp-login-code').fill(codes[0]!);
  await tab.getByTestId('totp-login-submit').click();
  await expect(tab.getByTestId('totp-login-code')).toHaveAttribute('aria-invalid', 'true');
  // Back to the password step, by keyboard.
  await tab.getByTestId('totp-login-back').focus();
  await tab.keyboard.press('Enter');
  await expect(tab.getByTestId('login-form')).toBeVisible();
  await again.close();
});

test('while the administrator requires it, a member without it is sent to set it up', async ({
  browser,
  request,
}) => {
  const other = {
    email: `plain.${Date.now()}@parley.test`,
    name: `Pia${Date.now() % 10000}`,
    password: 'pia password 123',
  };
  await registerMember(request, headers, other);
  const policy = await request.post('/api/admin/totp/config', { headers, data: { required: true } });
  expect(policy.ok()).toBe(true);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, other, /#\/setting\/account/);
    await expect(page.getByTestId('totp-required')).toBeVisible();
    await snapSection(page, 'totp-required-desktop-light');
    await context.close();
  } finally {
    await request.post('/api/admin/totp/config', { headers, data: { required: false } });
  }
});
