import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, adminToken, createPublicChannel, registerAccount, snap } from './support.js';

/**
 * Issue 14, "First impressions": what a new user meets on a phone and a desktop. Independent of the
 * other specs: it signs up the administrator itself on a fresh server and builds its own channel.
 */
const LONG_NAME = 'quarterly-planning-and-roadmap-discussion-2026x'; // 47 characters
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(6);
const LONG_LINK = `https://example.com/${'a-very-long-path-segment/'.repeat(8)}?query=${'x'.repeat(60)}`;
const RTL_TEXT = 'مرحبا بكم في القناة';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let gid = 0;
let busyGid = 0;

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  const headers = { 'x-api-key': token };
  gid = await createPublicChannel(request, headers, LONG_NAME);
  await fillBusyChannel(request, headers);
  for (const text of [LONG_WORD, LONG_LINK, RTL_TEXT]) {
    const sent = await request.post(`/api/group/${gid}/send`, {
      headers: { ...headers, 'content-type': 'text/plain' },
      data: text,
    });
    expect(sent.ok()).toBe(true);
  }
});

/** 150 messages from another member: more than a new device receives, more than a badge shows. */
async function fillBusyChannel(request: APIRequestContext, headers: Record<string, string>) {
  const { token } = await registerAccount(request, headers, {
    email: `cleo-${Date.now()}@parley.test`,
    password: 'cleo password 12',
    name: `Cleo${Date.now() % 10000}`,
  });
  const cleo = { 'x-api-key': token };
  busyGid = await createPublicChannel(request, headers, 'busy');
  for (let i = 1; i <= 150; i++) {
    const sent = await request.post(`/api/group/${busyGid}/send`, {
      headers: { ...cleo, 'content-type': 'text/plain' },
      data: `message ${i}`,
    });
    expect(sent.ok()).toBe(true);
  }
}

async function signInAsAdmin(page: Page) {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/chat/);
}

async function expectNoSidewaysScroll(page: Page, screen: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${screen} scrolls sideways`).toBeLessThanOrEqual(widths.client);
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a script tag: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`no screen scrolls sideways and axe finds nothing serious, ${theme} at ${viewport.width} px`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      const page = await context.newPage();
      await signInAsAdmin(page);
      const tag = `${theme}-${viewport.width}`;

      await page.goto('/#/chat');
      await expect(page.getByTestId(`channel-item-${gid}`)).toBeVisible();
      await expectNoSidewaysScroll(page, 'chat home');
      await snap(page, `fi-chat-home-${tag}`);
      expect(await seriousAxeViolations(page), 'chat home').toEqual([]);
      // On phones a conversation hides the navigation bar, so the account menu is checked from here.
      await page.getByTestId('user-menu-button').click();
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await expect(page.getByTestId('user-menu')).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Escape');

      await page.goto(`/#/chat/channel/${gid}`);
      await expect(page.getByTestId('message').last()).toContainText(RTL_TEXT);
      await expectNoSidewaysScroll(page, 'channel');
      await snap(page, `fi-channel-${tag}`);
      expect(await seriousAxeViolations(page), 'channel').toEqual([]);

      await page.goto('/#/users');
      await expect(page.locator('[data-testid^="user-item-"]').first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'users');
      expect(await seriousAxeViolations(page), 'users').toEqual([]);

      await page.locator('[data-testid^="user-item-"]').first().click();
      await expect(page).toHaveURL(/#\/users\/\d+/);
      await expectNoSidewaysScroll(page, 'user detail');
      await snap(page, `fi-user-detail-${tag}`);
      expect(await seriousAxeViolations(page), 'user detail').toEqual([]);

      await page.goto('/#/no-such-screen');
      await expect(page.getByTestId('not-found')).toContainText('404 page');
      await expectNoSidewaysScroll(page, 'not found');
      await snap(page, `fi-not-found-${tag}`);
      await page.getByTestId('status-home').click();
      await expect(page).toHaveURL(/#\/(chat)?$/);
      await expect(page.getByTestId('nav-chat')).toBeVisible();
      await context.close();
    });
  }
}

test('right-to-left text runs right to left in messages and the composer', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`/#/chat/channel/${gid}`);
  const rtl = page.getByTestId('message').filter({ hasText: RTL_TEXT }).locator('[dir="auto"]');
  await expect(rtl).toHaveCount(1);
  expect(await rtl.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  const composer = page.getByTestId('composer');
  await composer.fill(RTL_TEXT);
  await expect(composer).toHaveAttribute('dir', 'auto');
  expect(await composer.evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
});

test('the skip link moves focus to the content instead of opening the 404 page', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`/#/chat/channel/${gid}`);
  // The composer takes focus when it appears; wait for it so the check is about the skip link.
  await expect(page.getByTestId('composer')).toBeFocused();
  await page.getByTestId('skip-link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/chat/channel/${gid}$`));
  await expect(page.locator('#main-content')).toBeFocused();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});

test('a wrong password is reported once, and no error toast survives the sign-in', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill('not the password');
  await page.getByTestId('login-submit').click();
  const inline = page.locator('.field__error, [role="alert"]').filter({ hasText: /./ });
  await expect(inline.first()).toBeVisible();
  const message = (await inline.first().textContent())?.trim() ?? '';
  await expect(page.getByText(message, { exact: true })).toHaveCount(1);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/chat/);
  await expect(page.getByText(message, { exact: true })).toHaveCount(0);
});

test('the members screen is styled when it is the first page loaded', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/#/users');
  await page.reload();
  const item = page.locator('[data-testid^="user-item-"]').first();
  await expect(item).toBeVisible();
  // Unstyled (its CSS used to ship with the chat screen), the pane is a plain block in default colours.
  const pane = page.locator('.chat-empty');
  await expect(pane).toBeVisible();
  expect(await pane.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
});

test('only the reader’s language is downloaded, and English stands in for unsupported ones', async ({
  browser,
}) => {
  for (const [locale, expected] of [
    ['fr-FR', 'fr'],
    ['de-DE', 'en'],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const languages = new Set<string>();
    page.on('request', (request) => {
      const match = /\/locales\/([^/]+)\//.exec(request.url());
      if (match) languages.add(match[1]!);
    });
    await page.goto('/#/login');
    await expect(page.getByTestId('login-submit')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    expect([...languages], locale).toEqual([expected]);
    await context.close();
  }
});

test('an unread badge shows the real count, capped at 99+, not the size of the first page', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await expect(page.getByTestId(`channel-item-${busyGid}`).getByTestId('unread-badge')).toHaveText('99+');
});
