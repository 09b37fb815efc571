import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, adminToken, createPublicChannel, openAs, snap } from './support.js';

/**
 * Issue 7, one way to save: the forms moved onto `useSettingsForm` / `useSave` keep their
 * behaviour — Save is disabled while nothing differs from what is stored (trimmed text counts as
 * unchanged), the "saved" toast comes once the server has it, a refused save keeps what was typed
 * with the server's answer, and what was stored shows afterwards. Widget switch, channel details
 * and retention, bot webhook, license install and the overview's details. Independent of the
 * other specs: it makes its own channel and bot.
 */
const TOOL = fileURLToPath(new URL('../../scripts/issue-license.mjs', import.meta.url));
const stamp = Date.now() % 100_000;
let headers: Record<string, string> = {};
let gid = 0;

const readJson = async (request: APIRequestContext, path: string) =>
  (await request.get(path, { headers })).json() as Promise<Record<string, unknown>>;

test.beforeAll(async ({ request }) => {
  headers = { 'X-API-Key': await adminToken(request, 'e2e-settings-save') };
  gid = await createPublicChannel(request, headers, `save-${stamp}`);
  const widget = await request.post('/api/admin/widget/config', { headers, data: { enabled: true } });
  expect(widget.ok()).toBe(true);
  const bot = await request.post('/api/admin/user', {
    headers,
    data: { email: `hook-${stamp}@bots.parley.test`, password: '', name: `Hook ${stamp}`, is_bot: true },
  });
  expect(bot.ok(), await bot.text()).toBe(true);
});

test('the widget switch saves on each click and shows what is stored', async ({ browser, request }) => {
  const { context, page } = await openAs(browser, ADMIN);
  await page.goto('/#/setting/widget');
  const enabled = page.getByTestId('widget-enabled');
  await expect(enabled).toBeChecked();
  await enabled.click();
  await expect(enabled).not.toBeChecked();
  await expect.poll(async () => (await readJson(request, '/api/widget/config')).enabled).toBe(false);
  await snap(page, 'settings-save-widget-off');
  await enabled.click();
  await expect(enabled).toBeChecked();
  await expect.poll(async () => (await readJson(request, '/api/widget/config')).enabled).toBe(true);
  await context.close();
});

test('channel details and retention: Save waits for a change, and the stored value shows', async ({
  browser,
  request,
}) => {
  const { context, page } = await openAs(browser, ADMIN, { colorScheme: 'dark' });
  await page.goto(`/#/setting/channel/${gid}`);
  const name = page.getByTestId('channel-name-input');
  const save = page.getByTestId('channel-save');
  await expect(name).toHaveValue(`save-${stamp}`);
  await expect(save).toBeDisabled();
  await name.fill(`save-${stamp}  `);
  await expect(save).toBeDisabled();
  await name.fill(`  saved-${stamp}  `);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Channel updated')).toBeVisible();
  await expect(name).toHaveValue(`saved-${stamp}`);
  await expect(save).toBeDisabled();

  const card = page.getByTestId('retention-channel');
  const inherit = card.getByTestId('retention-inherit');
  const keep = card.getByTestId('retention-save');
  await expect(inherit).toBeChecked();
  await expect(keep).toBeDisabled();
  await inherit.click();
  await expect(keep).toBeEnabled();
  await card.getByTestId('retention-days').fill('30');
  await keep.click();
  await expect(page.getByText('Retention saved')).toBeVisible();
  await expect.poll(async () => (await readJson(request, `/api/group/${gid}/retention`)).days).toBe(30);
  await expect(keep).toBeDisabled();
  await expect(card.getByTestId('retention-days')).toHaveValue('30');
  await snap(page, 'settings-save-channel-dark');
  await inherit.click();
  await keep.click();
  await expect.poll(async () => (await readJson(request, `/api/group/${gid}/retention`)).days).toBe(null);
  await expect(keep).toBeDisabled();
  await context.close();
});

test('the bot webhook keeps a refused URL with the server answer', async ({ browser }) => {
  const { context, page } = await openAs(browser, ADMIN, { viewport: { width: 375, height: 740 } });
  await page.goto('/#/setting/bots');
  await page.getByTestId('bot-list').getByText(`Hook ${stamp}`).click();
  const url = page.getByTestId('bot-webhook-url');
  const save = page.getByTestId('bot-webhook-save');
  await expect(save).toBeDisabled();
  // Nothing answers on the discard port: the server refuses the URL (API.md §10.3).
  await url.fill('http://127.0.0.1:9/hook');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Invalid Webhook URL!')).toBeVisible();
  await expect(url).toHaveValue('http://127.0.0.1:9/hook');
  await expect(save).toBeEnabled();
  await expect(page.getByText('Webhook saved')).toHaveCount(0);
  await snap(page, 'settings-save-webhook-phone');
  await url.fill('');
  await expect(save).toBeDisabled();
  await context.close();
});

test('a license is checked without a toast, then installed with one', async ({ browser }) => {
  const license = execFileSync(process.execPath, [TOOL, 'issue', '--users', '999999', '--days', '30'], {
    env: { ...process.env, LICENSE_PRIVATE_KEY: process.env.E2E_LICENSE_PRIVATE_KEY },
    encoding: 'utf8',
  }).trim();
  const { context, page } = await openAs(browser, ADMIN);
  await page.goto('/#/setting/license');
  await expect(page.getByTestId('license-limit')).toBeVisible();
  const text = page.getByTestId('license-text');
  await text.fill(license);
  await page.getByTestId('license-check').click();
  await expect(page.getByTestId('license-checked')).toBeVisible();
  await expect(page.getByText('License installed')).toHaveCount(0);
  await page.getByTestId('license-install').click();
  await expect(page.getByText('License installed')).toBeVisible();
  await expect(text).toHaveValue('');
  await expect(page.getByTestId('license-checked')).toHaveCount(0);
  await snap(page, 'settings-save-license');
  await context.close();
});

test("the overview's details are saved only when they differ from what is stored", async ({ browser }) => {
  const { context, page } = await openAs(browser, ADMIN);
  await page.goto('/#/setting/overview');
  const description = page.getByTestId('overview-description');
  const save = page.getByTestId('overview-save');
  await expect(save).toBeDisabled();
  const stored = await description.inputValue();
  await description.fill(`${stored} and more`);
  await expect(save).toBeEnabled();
  await description.fill(`${stored}   `);
  await expect(save).toBeDisabled();
  await snap(page, 'settings-save-overview');
  await context.close();
});
