import { expect, test } from '@playwright/test';
import { ADMIN, adminToken, openAs, snap } from './support.js';

/**
 * Issue 13, retention and license: Settings › Data management sets the server's message retention
 * (read back through the API), and Settings › License shows the built-in license (no user limit)
 * and refuses a text that is not a license. Light and dark, desktop and a 375 px phone.
 */
let headers: Record<string, string> = {};

test.beforeAll(async ({ request }) => {
  headers = { 'X-API-Key': await adminToken(request, 'e2e-retention') };
  expect((await request.put('/api/admin/system/retention', { headers, data: { days: 0 } })).ok()).toBe(true);
});

for (const theme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const size = phone ? 'phone' : 'desktop';
    test(`retention and license settings (${size}, ${theme})`, async ({ browser, request }) => {
      const { context, page } = await openAs(browser, ADMIN, {
        colorScheme: theme,
        ...(phone && { viewport: { width: 375, height: 740 } }),
      });
      await page.goto('/#/setting/data');
      const days = page.getByTestId('retention-days');
      await expect(days).toHaveValue('0');
      await days.fill('90');
      await page.getByTestId('retention-save').click();
      await expect
        .poll(async () => (await (await request.get('/api/admin/system/retention', { headers })).json()).days)
        .toBe(90);
      await snap(page, `retention-${size}-${theme}`);
      await days.fill('0');
      await page.getByTestId('retention-save').click();
      await expect
        .poll(async () => (await (await request.get('/api/admin/system/retention', { headers })).json()).days)
        .toBe(0);

      await page.goto('/#/setting/license');
      await expect(page.getByTestId('license-limit')).toBeVisible();
      await page.getByTestId('license-text').fill('not-a-license');
      await page.getByTestId('license-check').click();
      await expect(page.getByText('This license is not valid')).toBeVisible();
      await expect(page.getByTestId('license-checked')).toHaveCount(0);
      await snap(page, `license-${size}-${theme}`);
      await context.close();
    });
  }
}
