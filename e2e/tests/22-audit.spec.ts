import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, adminToken, openAs, registerMember, snap } from './support.js';

/**
 * Issue 13, "Audit log": administrative actions made through the API show in Settings › Audit
 * log with who, what and from where; the filters narrow the list; Export downloads the CSV. In
 * light and dark, on a desktop and on a 375 px phone, and by keyboard.
 */
let headers: Record<string, string> = {};

test.beforeAll(async ({ request }) => {
  headers = { 'X-API-Key': await adminToken(request, 'e2e-audit') };
  const common = await request.put('/api/admin/system/common', {
    headers,
    data: { show_user_online_status: true },
  });
  expect(common.ok()).toBe(true);
  const smtp = await request.post('/api/admin/smtp/config', {
    headers,
    data: { enabled: false, host: '', port: 25, from: '', username: 'audit', password: 'never-shown-e2e' },
  });
  expect(smtp.ok()).toBe(true);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the audit log lists, filters and exports administrative actions (${theme})`, async ({ browser }) => {
    const { context, page } = await openAs(browser, ADMIN, { colorScheme: theme, acceptDownloads: true });
    await page.goto('/#/setting/audit');
    const rows = page.getByTestId('audit-row');
    await expect(rows.filter({ hasText: 'SMTP settings' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: 'Server settings' }).first()).toBeVisible();
    await expect(page.getByTestId('audit-table')).not.toContainText('never-shown-e2e');
    await snap(page, `audit-desktop-${theme}`);

    // By keyboard: focus the action filter and choose "SMTP settings".
    await page.getByTestId('audit-action').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('audit-from')).toBeFocused();
    await page.getByTestId('audit-action').selectOption('settings.smtp');
    await expect(rows.filter({ hasText: 'Server settings' })).toHaveCount(0);
    await expect(rows.first()).toContainText('SMTP settings');

    const download = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,time,actor_uid,actor_name,ip,device,action,target,detail');
    expect(csv).toContain(',settings.smtp,settings:smtp,');
    expect(csv).not.toContain('settings.common');
    expect(csv).not.toContain('never-shown-e2e');

    const axe = await new AxeBuilder({ page }).include('[data-testid="audit-page"]').analyze();
    expect(axe.violations).toEqual([]);
    await context.close();
  });

  test(`the audit log reads as cards on a phone (${theme})`, async ({ browser }) => {
    const { context, page } = await openAs(browser, ADMIN, {
      colorScheme: theme,
      viewport: { width: 375, height: 740 },
    });
    await page.goto('/#/setting/audit');
    await expect(page.getByTestId('audit-row').filter({ hasText: 'SMTP settings' }).first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await snap(page, `audit-phone-${theme}`);
    await context.close();
  });
}

test('a member neither sees nor reaches the audit log, and the server refuses them', async ({
  browser,
  request,
}) => {
  const auditor = { email: 'audit-member@parley.test', name: 'Ava', password: 'ava password 123' };
  await registerMember(request, headers, auditor);
  const { context, page } = await openAs(browser, auditor);
  await page.goto('/#/setting');
  await expect(page.getByTestId('settings-nav-about')).toBeVisible();
  await expect(page.getByTestId('settings-nav-audit')).toHaveCount(0);
  await page.goto('/#/setting/audit');
  await expect(page.getByTestId('settings-refused')).toBeVisible();
  await expect(page.getByTestId('audit-page')).toHaveCount(0);
  const login = await request.post('/api/token/login', {
    data: { credential: { type: 'password', ...auditor }, device: 'e2e-audit-member' },
  });
  const member = { 'X-API-Key': (await login.json()).token as string };
  expect((await request.get('/api/admin/audit', { headers: member })).status()).toBe(403);
  expect((await request.get('/api/admin/audit.csv', { headers: member })).status()).toBe(403);
  expect((await request.get('/api/admin/audit')).status()).toBe(401);
  await context.close();
});
