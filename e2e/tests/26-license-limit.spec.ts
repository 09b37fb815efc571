import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, adminToken, openAs, signIn, snap } from './support.js';

/**
 * Issue 13, license limit: with a license (signed with this run's test key, see the config) that
 * leaves one seat, the administrator creates a member in Settings › Members and the red "upgrade
 * license" banner appears in chat; the next member is refused with the toast "Your license has
 * reached the limit" and the administrator stays signed in (a 451 no longer clears the session).
 * Members never see the banner. Light and dark, desktop and a 375 px phone. A license without a
 * practical limit is installed again afterwards.
 */
const TOOL = fileURLToPath(new URL('../../scripts/issue-license.mjs', import.meta.url));
const SEATED = { name: 'Seated', email: 'seated@parley.test', password: 'seated password 1' };
const REFUSED = { name: 'Refused', email: 'refused@parley.test', password: 'refused password 1' };
let headers: Record<string, string> = {};

function issue(users: number): string {
  return execFileSync(process.execPath, [TOOL, 'issue', '--users', String(users), '--days', '30'], {
    env: { ...process.env, LICENSE_PRIVATE_KEY: process.env.E2E_LICENSE_PRIVATE_KEY },
    encoding: 'utf8',
  }).trim();
}

async function install(request: APIRequestContext, users: number): Promise<void> {
  const res = await request.put('/api/license', { headers, data: { license: issue(users) } });
  expect(res.ok(), await res.text()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  headers = { 'X-API-Key': await adminToken(request, 'e2e-license-limit') };
  // Those this file adds do not count: after a failed test Playwright runs this again in a new
  // worker, and the seat the first test filled must still be the last one.
  const users = (await (await request.get('/api/admin/user', { headers })).json()) as { email: string }[];
  const others = users.filter((u) => u.email !== SEATED.email && u.email !== REFUSED.email);
  await install(request, others.length + 1);
});

test.afterAll(async ({ request }) => {
  await install(request, 999_999);
});

test('at the user limit: the next member is refused with a toast, the admin stays signed in', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await expect(page.getByTestId('welcome-page')).toBeVisible();
  await expect(page.getByTestId('license-banner')).toHaveCount(0);

  await page.goto('/#/setting/members');
  await expect(page.getByTestId('members-list')).toBeVisible();
  const create = async (who: typeof SEATED) => {
    await page.getByTestId('members-create').click();
    await expect(page.getByTestId('create-member')).toBeVisible();
    await page.getByTestId('create-member-name').fill(who.name);
    await page.getByTestId('create-member-email').fill(who.email);
    await page.getByTestId('create-member-password').fill(who.password);
    const answer = page.waitForResponse(
      (res) => res.url().endsWith('/api/admin/user') && res.request().method() === 'POST',
    );
    await page.getByTestId('create-member-submit').click();
    return (await answer).status();
  };

  expect(await create(SEATED)).toBe(200);
  await expect(page.getByTestId('create-member')).toHaveCount(0);
  await expect(page.getByTestId('members-list').locator('li', { hasText: SEATED.email })).toBeVisible();
  // The next member is added while the confirmation slides in over the button, under a resting
  // pointer: it must not take the click (CI52: it did, and the pointer on it held it open for good).
  const box = (await page.getByTestId('members-create').boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  const confirmation = page.getByText(`${SEATED.name} was added`);
  await expect
    .poll(async () => {
      const over = await confirmation.boundingBox();
      return !!over && over.x <= x && x <= over.x + over.width && over.y <= y && y <= over.y + over.height;
    })
    .toBe(true);

  expect(await create(REFUSED)).toBe(451);
  await expect(page.getByText('Your license has reached the limit')).toBeVisible();
  await snap(page, 'license-limit-toast');
  // Still signed in: the form stays open, and a reload lands on the settings screen, not the login.
  await expect(page.getByTestId('create-member')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByTestId('members-list')).toBeVisible();
  await expect(page).not.toHaveURL(/#\/login/);
});

test('the banner leads the administrator to the license; members never see it', async ({ browser }) => {
  const admin = await openAs(browser, ADMIN);
  const banner = admin.page.getByTestId('license-banner');
  await expect(banner).toBeVisible();
  await banner.getByTestId('license-banner-link').click();
  await expect(admin.page).toHaveURL(/#\/setting\/license/);
  await admin.context.close();

  const member = await openAs(browser, SEATED);
  await expect(member.page.getByTestId('welcome-page')).toBeVisible();
  await expect(member.page.getByTestId('license-banner')).toHaveCount(0);
  await member.context.close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const size = phone ? 'phone' : 'desktop';
    test(`license banner in chat (${size}, ${theme})`, async ({ browser }) => {
      const { context, page } = await openAs(browser, ADMIN, {
        colorScheme: theme,
        ...(phone && { viewport: { width: 375, height: 740 } }),
      });
      await expect(page.getByTestId('license-banner')).toBeVisible();
      await snap(page, `license-banner-${size}-${theme}`);
      await context.close();
    });
  }
}
