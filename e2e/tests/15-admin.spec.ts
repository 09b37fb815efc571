import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, adminToken, signIn, snap } from './support.js';

/**
 * Issue 13, administration: the settings screens at /setting/:nav. An administrator freezes a
 * member whose open page is signed out at once; a member sees no admin section and cannot reach
 * one by its address (the server refuses the data too); screenshots of every section in light and
 * dark, phone and desktop. Independent of the other specs: it makes its own accounts.
 */
const PERSON = { email: 'frosty@parley.test', name: 'Frosty', password: 'frosty password 1' };
let token = '';
let personUid = 0;

test.beforeAll(async ({ request }) => {
  token = await adminToken(request, 'e2e-admin');
  const created = await request.post('/api/admin/user', {
    headers: { 'x-api-key': token },
    data: { ...PERSON, gender: 0, is_admin: false },
  });
  expect(created.ok()).toBe(true);
  personUid = (await created.json()).uid;
});

async function pageAt(
  browser: Browser,
  width: number,
  height: number,
  scheme: 'light' | 'dark',
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme });
  return context.newPage();
}

test('an administrator freezes a member: the member’s open page is signed out at once', async ({
  browser,
}) => {
  const member = await pageAt(browser, 1280, 800, 'light');
  await signIn(member, PERSON);
  await expect(member.getByTestId('nav-settings')).toBeVisible();

  const admin = await pageAt(browser, 1280, 800, 'light');
  await signIn(admin, ADMIN);
  await admin.getByTestId('nav-settings').click();
  await expect(admin.getByTestId('overview-page')).toBeVisible();
  await admin.getByTestId('settings-nav-members').click();
  await admin.getByTestId('members-search').fill('frosty');
  const row = admin.getByTestId(`member-${personUid}`);
  await expect(row).toBeVisible();
  await row.getByTestId('member-freeze').click();
  await expect(row.getByTestId('member-frozen')).toBeVisible();

  // The member's page is kicked to the login screen without doing anything.
  await member.waitForURL(/#\/login/);
  await expect(member.getByTestId('login-email')).toBeVisible();
  // And cannot sign in again while frozen.
  await member.getByTestId('login-email').fill(PERSON.email);
  await member.getByTestId('login-password').fill(PERSON.password);
  await member.getByTestId('login-submit').click();
  await expect(member).toHaveURL(/#\/login/);

  await row.getByTestId('member-freeze').click();
  await expect(row.getByTestId('member-frozen')).toHaveCount(0);
  await member.context().close();
  await admin.context().close();
});

test('a member sees no admin section, cannot open one by its address, and the server refuses the data', async ({
  browser,
  request,
}) => {
  const member = await pageAt(browser, 1280, 800, 'light');
  await signIn(member, PERSON);
  await member.goto('/#/setting');
  await expect(member.getByTestId('account-page')).toBeVisible();
  for (const id of ['overview', 'members', 'data', 'bots', 'smtp', 'license', 'api'])
    await expect(member.getByTestId(`settings-nav-${id}`)).toHaveCount(0);
  await expect(member.getByTestId('settings-nav-about')).toBeVisible();
  for (const id of ['members', 'data', 'overview']) {
    await member.goto(`/#/setting/${id}`);
    await expect(member.getByTestId('settings-refused')).toBeVisible();
    await expect(member.getByTestId('members-list')).toHaveCount(0);
  }
  await snap(member, 'admin-refused-light-1280');
  const memberToken = await member.evaluate(
    () => (JSON.parse(localStorage.getItem('parley.auth') ?? '{}') as { token?: string }).token ?? '',
  );
  expect(memberToken).not.toBe('');
  for (const path of [
    '/api/admin/user',
    `/api/admin/user/${personUid}/sessions`,
    '/api/admin/system/metrics',
  ])
    expect((await request.get(path, { headers: { 'x-api-key': memberToken } })).status()).toBe(403);
  await member.context().close();
});

const SECTIONS = ['overview', 'members', 'data', 'account', 'license', 'about', 'api'] as const;
const testIds: Record<(typeof SECTIONS)[number], string> = {
  overview: 'overview-page',
  members: 'members-page',
  data: 'data-page',
  account: 'account-page',
  license: 'license-page',
  about: 'about-page',
  api: 'api-docs-page',
};

for (const scheme of ['light', 'dark'] as const) {
  test(`every settings section, ${scheme}, desktop and phone`, async ({ browser }) => {
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      const page = await pageAt(browser, width, height, scheme);
      await signIn(page, ADMIN);
      if (width < 700) {
        await page.goto('/#/setting');
        await expect(page.getByTestId('settings-nav-overview')).toBeVisible();
        await snap(page, `admin-list-${scheme}-${width}`);
      }
      for (const section of SECTIONS) {
        await page.goto(`/#/setting/${section}`);
        await expect(page.getByTestId(testIds[section])).toBeVisible();
        await snap(page, `admin-${section}-${scheme}-${width}`);
      }
      if (width < 700) {
        await page.getByTestId('settings-back').click();
        await expect(page.getByTestId('settings-nav-members')).toBeVisible();
      }
      await page.context().close();
    }
  });
}

test('the settings list works by keyboard, and the API documentation is served', async ({
  browser,
  request,
}) => {
  const page = await pageAt(browser, 1280, 800, 'light');
  await signIn(page, ADMIN);
  await page.goto('/#/setting/overview');
  await page.getByTestId('settings-nav-members').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('members-page')).toBeVisible();
  const swagger = await request.get('/api/swagger');
  expect(swagger.ok()).toBe(true);
  expect(await page.getByTestId('settings-nav-api').getAttribute('href')).toBe('#/setting/api');
  await page.context().close();
});
