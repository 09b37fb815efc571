/**
 * Preferences follow the user (issue 14; docs/preferences.md): theme, own messages' side and
 * language changed in one browser apply at once there and, without a reload, in a second browser
 * signed in as the same user; a third user's browser is untouched. Screenshots of the account menu
 * light/dark at 375 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  adminToken,
  createPublicChannel,
  messageWith,
  openAs,
  openChannel,
  registerMember,
  snap,
} from './support';
import { type Person } from './voice-support';

const stamp = Date.now() % 100000;
const [ROSA, OTTO] = ['Rosa', 'Otto'].map((name) => ({
  name,
  email: `${name.toLowerCase()}.${stamp}@parley.test`,
  password: `${name} prefs password`,
})) as [Person, Person];

let gid = 0;

test.beforeAll(async ({ request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-preferences') };
  await registerMember(request, headers, ROSA);
  await registerMember(request, headers, OTTO);
  const login = await request.post('/api/token/login', {
    data: {
      credential: { type: 'password', email: ROSA.email, password: ROSA.password },
      device: 'e2e-prefs',
    },
  });
  const rosa = { 'x-api-key': ((await login.json()) as { token: string }).token };
  gid = await createPublicChannel(request, headers, `prefs-${stamp}`);
  const sent = await request.post(`/api/group/${gid}/send`, {
    headers: { ...rosa, 'content-type': 'text/plain' },
    data: 'My own message, on the right',
  });
  expect(sent.ok()).toBe(true);
});

const root = (page: Page) => page.locator('html');

async function openMenu(page: Page) {
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

test('theme, side and language changed in one browser reach the user’s other browser', async ({
  browser,
}) => {
  const laptop = await openAs(browser, ROSA, { colorScheme: 'light' });
  const phone = await openAs(browser, ROSA, { colorScheme: 'light', viewport: { width: 375, height: 812 } });
  const other = await openAs(browser, OTTO, { colorScheme: 'light' });
  // The second browser keeps this page (no reload) from here to the end.
  await phone.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  for (const { page } of [laptop, phone, other]) {
    await expect(root(page)).toHaveAttribute('data-theme', 'light');
    await expect(root(page)).toHaveAttribute('lang', 'en');
  }

  await openMenu(laptop.page);
  await laptop.page.getByTestId('theme-dark').check();
  await expect(root(laptop.page)).toHaveAttribute('data-theme', 'dark');
  await expect(root(phone.page)).toHaveAttribute('data-theme', 'dark');

  await laptop.page.getByTestId('own-messages-right').check();
  await expect(root(laptop.page)).toHaveAttribute('data-own-messages', 'right');
  await expect(root(phone.page)).toHaveAttribute('data-own-messages', 'right');

  await laptop.page.keyboard.press('Escape');
  await openChannel(laptop.page, gid);
  const mine = messageWith(laptop.page, 'My own message');
  await expect(mine).toBeVisible();
  await expect(mine.locator('.message__gutter')).toHaveCSS('grid-column-start', '2');
  await snap(laptop.page, 'preferences-own-right-dark-1280');
  await openMenu(laptop.page);
  await laptop.page.getByTestId('language-select').selectOption('fr');
  await expect(root(laptop.page)).toHaveAttribute('lang', 'fr');
  await expect(root(phone.page)).toHaveAttribute('lang', 'fr');
  await openMenu(phone.page);
  await expect(phone.page.getByTestId('user-menu')).toContainText('Mes messages');
  await expect(phone.page.getByTestId('theme-dark')).toBeChecked();
  await expect(phone.page.getByTestId('own-messages-right')).toBeChecked();
  await snap(phone.page, 'preferences-menu-dark-375');
  await snap(laptop.page, 'preferences-menu-dark-1280');

  // Back the other way, from the phone.
  await phone.page.getByTestId('theme-light').check();
  await expect(root(laptop.page)).toHaveAttribute('data-theme', 'light');
  await expect(laptop.page.getByTestId('theme-light')).toBeChecked();
  await snap(phone.page, 'preferences-menu-light-375');
  await snap(laptop.page, 'preferences-menu-light-1280');
  expect(await phone.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  // Another user follows none of it.
  await expect(root(other.page)).toHaveAttribute('data-theme', 'light');
  await expect(root(other.page)).toHaveAttribute('lang', 'en');
  await expect(root(other.page)).not.toHaveAttribute('data-own-messages', 'right');

  // A new sign-in takes the saved preferences.
  const later = await openAs(browser, ROSA, { colorScheme: 'light' });
  await expect(root(later.page)).toHaveAttribute('lang', 'fr');
  await expect(root(later.page)).toHaveAttribute('data-own-messages', 'right');
  for (const { context } of [laptop, phone, other, later]) await context.close();
});

test('on a server that puts own messages on the right, a user’s own choice of left wins', async ({
  browser,
  request,
}) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-preferences') };
  const login = await request.post('/api/token/login', {
    data: {
      credential: { type: 'password', email: OTTO.email, password: OTTO.password },
      device: 'e2e-prefs',
    },
  });
  const otto = { 'x-api-key': ((await login.json()) as { token: string }).token };
  const sent = await request.post(`/api/group/${gid}/send`, {
    headers: { ...otto, 'content-type': 'text/plain' },
    data: 'Otto writes',
  });
  expect(sent.ok()).toBe(true);
  const layout = (mode: 'Left' | 'SelfRight') =>
    request.put('/api/admin/system/common', { headers, data: { chat_layout_mode: mode } });
  expect((await layout('SelfRight')).ok()).toBe(true);
  try {
    const { context, page } = await openAs(browser, OTTO, { colorScheme: 'light' });
    await openChannel(page, gid);
    const gutterColumn = () =>
      messageWith(page, 'Otto writes')
        .locator('.message__gutter')
        .evaluate((gutter) => getComputedStyle(gutter).gridColumnStart);
    // No choice of his own yet: the server's layout puts his message on the right.
    await expect.poll(gutterColumn).toBe('2');
    await openMenu(page);
    await expect(page.getByTestId('own-messages-right')).toBeChecked();
    await page.getByTestId('own-messages-left').check();
    await expect(root(page)).toHaveAttribute('data-own-messages', 'left');
    await expect.poll(gutterColumn).toBe('auto');
    await context.close();
  } finally {
    await layout('Left');
  }
});
