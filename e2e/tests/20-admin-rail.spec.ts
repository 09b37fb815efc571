import { expect, test } from '@playwright/test';
import { ADMIN, adminToken, signIn, snap } from './support.js';

/**
 * Issue 7: the administrator's navigation (a bottom bar on phones) fits a 320 px screen, light and
 * dark; bots are reached through the settings gear, not a rail link of their own.
 */
test.beforeAll(async ({ request }) => {
  await adminToken(request);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the administrator's rail fits 320 px in ${theme}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, colorScheme: theme });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    const rail = page.locator('.nav-rail');
    await expect(page.getByTestId('nav-settings')).toBeVisible();
    await expect(page.getByTestId('nav-bots')).toHaveCount(0);
    const widths = await rail.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    for (const id of ['nav-chat', 'nav-users', 'nav-favs', 'nav-files', 'nav-settings']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 320, id).toBe(true);
    }
    await snap(page, `admin-rail-${theme}-320`);
    await context.close();
  });
}
