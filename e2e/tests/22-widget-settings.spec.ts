import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, adminToken, signIn, snap } from './support.js';

/**
 * Issue 14, the widget settings screen (docs/widget.md, docs/embedding.md): a field changed shows
 * at once in the snippet and the live preview; the snippet is copied by keyboard; the frame code of
 * the whole client is offered. Light and dark, 1280 and 375 px; axe finds nothing serious.
 */
test.beforeAll(async ({ request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-widget-settings') };
  const enabled = await request.post('/api/admin/widget/config', { headers, data: { enabled: true } });
  expect(enabled.ok()).toBe(true);
});

async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).include('[data-testid="widget-settings"]').analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the snippet and the live preview follow the fields; the snippet copies', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN);
  await page.goto('/#/setting/widget');
  const settings = page.getByTestId('widget-settings');
  await expect(settings).toBeVisible();
  await expect(page.getByTestId('widget-enabled')).toBeChecked();

  // Typed key by key: the live preview follows each change, and its auto-opened panel focuses its
  // own input; the settings field must keep the focus, or the next keys would land in the preview.
  const title = settings.getByLabel('Title');
  await title.fill('');
  await title.pressSequentially('Acme help desk');
  await expect(title).toBeFocused();
  await expect(title).toHaveValue('Acme help desk');
  const snippet = page.getByTestId('widget-snippet');
  await expect(snippet).toHaveValue(/data-title="Acme help desk"/);
  const preview = page.frameLocator('[data-testid="widget-preview"]');
  await expect(preview.getByRole('heading', { name: 'Acme help desk' })).toBeVisible();

  // Copied by keyboard: the button takes the focus and Enter presses it.
  await page.getByTestId('widget-copy').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Snippet copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.inputValue());

  // The whole client's frame code, with its compact layout.
  await expect(page.getByTestId('embedding-snippet')).toHaveValue(/\?embed=1#\/chat/);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'widget-settings-light-1280');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'widget-settings-dark-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snap(page, 'widget-settings-dark-375');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await snap(page, 'widget-settings-light-375');
});

test('the widget adds the administrator’s extra CSS after its own', async ({ page, request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-widget-css') };
  const css = ':root { --parley-extra: teal; } .widget-test-probe { color: rgb(1, 2, 3); }';
  const saved = await request.put('/api/resource/widget-extra.css', { headers, data: { data: css } });
  expect(saved.ok()).toBe(true);
  try {
    await page.goto('/widget.html?id=css&host-id=1&open=true');
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--parley-extra')),
      )
      .toBe('teal');
  } finally {
    await request.put('/api/resource/widget-extra.css', { headers, data: { data: '' } });
  }
});
