import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { ADMIN, adminToken, registerAccount, signIn, snap } from './support.js';

/**
 * Member directory privacy (issue 13; docs/api.md "Member directory"): the administrator picks who
 * members may list on Settings › Overview; a member's Users screen says so at once (the setting
 * arrives as `server_config_changed`), and with `admins_only` has no user search. What each member
 * is shown is the server's filtering, covered by packages/server/test/directory-privacy.test.ts.
 * The setting goes back to `everyone` at the end, for the specs after this one.
 * Screenshots light and dark, phone and desktop.
 */
const stamp = Date.now();
const MIA = { email: `mia-${stamp}@parley.test`, password: 'mia password 123', name: `Mia${stamp % 10000}` };
test.describe.configure({ mode: 'serial' });
let headers: Record<string, string> = {};

async function visibility(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/admin/system/common', { headers });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { directory_visibility: string }).directory_visibility;
}

test.beforeAll(async ({ request }) => {
  headers = { 'x-api-key': await adminToken(request, 'e2e-directory') };
  await registerAccount(request, headers, MIA);
});

test.afterAll(async ({ request }) => {
  await request.put('/api/admin/system/common', { headers, data: { directory_visibility: 'everyone' } });
});

const open = async (browser: Browser, who: typeof MIA, width: number, scheme: 'light' | 'dark') => {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    colorScheme: scheme,
  });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
};

test('the administrator restricts the directory; a member sees the note live', async ({
  browser,
  request,
}) => {
  const admin = await open(browser, ADMIN, 1280, 'light');
  await admin.goto('/#/setting/overview');
  const select = admin.getByTestId('overview-directory');
  await expect(select).toHaveValue('everyone');

  const mia = await open(browser, MIA, 375, 'dark');
  await mia.goto('/#/users');
  await expect(mia.getByTestId('user-search-open')).toBeVisible();
  await expect(mia.getByTestId('directory-note')).toHaveCount(0);

  // By keyboard: focus the select and pick the second option.
  await select.focus();
  await select.selectOption('shared_channels');
  await expect.poll(() => visibility(request)).toBe('shared_channels');
  await expect(mia.getByTestId('directory-note')).toHaveText(
    'You see the people you share a channel or a conversation with.',
  );
  await expect(mia.getByTestId('user-search-open')).toBeVisible();
  await snap(admin, 'directory-overview-desktop-light');
  await snap(mia, 'directory-users-phone-dark');

  await select.selectOption('admins_only');
  await expect.poll(() => visibility(request)).toBe('admins_only');
  await expect(mia.getByTestId('directory-note')).toHaveText(
    'The member directory is for administrators. You see the people you share a channel or a conversation with.',
  );
  await expect(mia.getByTestId('user-search-open')).toHaveCount(0);
  await snap(mia, 'directory-users-admins-only-phone-dark');

  const miaDesktop = await open(browser, MIA, 1280, 'light');
  await miaDesktop.goto('/#/users');
  await expect(miaDesktop.getByTestId('directory-note')).toBeVisible();
  await snap(miaDesktop, 'directory-users-desktop-light');

  // The administrator is not restricted: no note, search kept.
  await admin.goto('/#/users');
  await expect(admin.getByTestId('user-search-open')).toBeVisible();
  await expect(admin.getByTestId('directory-note')).toHaveCount(0);

  await admin.goto('/#/setting/overview');
  await admin.getByTestId('overview-directory').selectOption('everyone');
  await expect.poll(() => visibility(request)).toBe('everyone');
  await expect(mia.getByTestId('directory-note')).toHaveCount(0);
});
