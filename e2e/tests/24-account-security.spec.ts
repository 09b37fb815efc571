import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { totpAt, totpStep } from '../../packages/server/src/auth/totp.js';
import { startMailbox, type Mailbox } from '../../packages/server/test/support/mailbox.js';
import { ADMIN, adminToken, registerAccount, SCREENSHOT_DIR, signIn, snap } from './support.js';

/**
 * Issue 12, the rest of My account: changing the e-mail address through a link mailed to the new
 * address (a real SMTP server on loopback), its refusals, and new recovery codes for two-factor
 * sign-in without turning it off.
 */
let box: Mailbox;
let headers: Record<string, string> = {};
let previousSmtp: unknown;
const stamp = Date.now();
const MOVER = {
  email: `mover.${stamp}@parley.test`,
  name: `Mo${stamp % 10000}`,
  password: 'mover password 1',
};
const NEW_EMAIL = `mover.new.${stamp}@parley.test`;

test.beforeAll(async ({ request }) => {
  box = await startMailbox();
  headers = { 'x-api-key': await adminToken(request, 'e2e-account-security') };
  previousSmtp = await (await request.get('/api/admin/smtp/config', { headers })).json();
  const smtp = await request.post('/api/admin/smtp/config', {
    headers,
    data: { enabled: true, host: box.host, port: box.port, from: 'parley@parley.test' },
  });
  expect(smtp.ok()).toBe(true);
  await registerAccount(request, headers, MOVER);
});
test.afterAll(async ({ request }) => {
  await request.post('/api/admin/smtp/config', { headers, data: previousSmtp });
  await box?.close();
});

const section = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

test('a member changes their address: check your inbox, then the link confirms it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, MOVER);
  await page.goto('/#/setting/account');
  await expect(page.getByTestId('email-current')).toContainText(MOVER.email);
  await page.getByTestId('email-change').click();
  // Refusals first: a taken address, then a wrong password; nothing is sent.
  const before = box.mails.length;
  await page.getByTestId('email-new').fill(ADMIN.email);
  await page.getByTestId('email-password').fill(MOVER.password);
  await page.getByTestId('email-submit').click();
  await expect(page.getByTestId('email-new')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('email-new').fill(NEW_EMAIL);
  await page.getByTestId('email-password').fill('not my password');
  await page.getByTestId('email-submit').click();
  await expect(page.getByTestId('email-password')).toHaveAttribute('aria-invalid', 'true');
  await section(page, 'email-section', 'email-change-error-desktop-light');
  expect(box.mails.length).toBe(before);

  await page.getByTestId('email-password').fill(MOVER.password);
  await page.getByTestId('email-submit').click();
  await expect(page.getByTestId('email-sent')).toContainText(NEW_EMAIL);
  await section(page, 'email-section', 'email-change-sent-desktop-light');
  const mail = await box.next(NEW_EMAIL, before);
  const notice = await box.next(MOVER.email, before);
  expect(notice.text).toContain(NEW_EMAIL);
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
  expect(link).toMatch(/#\/confirm_email\//);
  // Still the old address until the link is opened.
  await expect(page.getByTestId('email-current')).toContainText(MOVER.email);

  // The link, opened on a phone where nobody is signed in: opening changes nothing, the button does.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' });
  const tab = await phone.newPage();
  await tab.goto(link);
  await expect(tab.getByTestId('confirm-email-state')).toHaveAttribute('data-state', 'ready');
  await snap(tab, 'email-confirm-phone-dark');
  await tab.getByTestId('confirm-email-button').click();
  await expect(tab.getByTestId('confirm-email-state')).toHaveAttribute('data-state', 'done');
  await expect(tab.getByTestId('confirm-email-state')).toContainText(NEW_EMAIL);
  await snap(tab, 'email-confirm-done-phone-dark');
  // Used up: a second opening says so.
  await tab.reload();
  await tab.getByTestId('confirm-email-button').click();
  await expect(tab.getByTestId('confirm-email-state')).toHaveAttribute('data-state', 'invalid');
  await snap(tab, 'email-confirm-invalid-phone-dark');
  await phone.close();

  // The signed-in session keeps working and shows the new address (users_log).
  await expect(page.getByTestId('email-current')).toContainText(NEW_EMAIL);
  await page.getByTestId('email-sent-done').click();
  await context.close();
});

test('new recovery codes replace the old ones without turning two-factor off', async ({
  browser,
  request,
}) => {
  const who = {
    email: `codes.${stamp}@parley.test`,
    name: `Cy${stamp % 10000}`,
    password: 'codes password 1',
  };
  const { token } = await registerAccount(request, headers, who);
  const auth = { 'x-api-key': token };
  const setup = await request.post('/api/user/totp/setup', { headers: auth });
  const { secret } = (await setup.json()) as { secret: string };
  let lastStep = totpStep(Date.now());
  const enabled = await request.post('/api/user/totp/enable', {
    headers: auth,
    data: { code: totpAt(secret, lastStep * 30_000) },
  });
  expect(enabled.ok()).toBe(true);
  const old = ((await enabled.json()) as { recovery_codes: string[] }).recovery_codes;
  const nextCode = () => {
    lastStep = Math.max(totpStep(Date.now()), lastStep + 1);
    return totpAt(secret, lastStep * 30_000);
  };

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  // A recovery code signs in (it takes no time step, so the next authenticator code is due at once).
  await page.getByTestId('totp-login-code').fill(old[0]!);
  await page.getByTestId('totp-login-submit').click();
  await page.waitForURL(/#\/chat/);
  await page.goto('/#/setting/account');
  await expect(page.getByTestId('totp-status')).toContainText('9');
  await page.getByTestId('totp-regenerate-code').fill('000000');
  await page.getByTestId('totp-regenerate-submit').click();
  await expect(page.getByTestId('totp-regenerate-code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('totp-regenerate-code').fill(nextCode());
  await page.getByTestId('totp-regenerate-submit').click();
  const list = page.getByTestId('totp-code-list');
  await expect(list.locator('li')).toHaveCount(10);
  const fresh = (await list.locator('li').allTextContents()).map((c) => c.trim());
  expect(fresh.some((c) => old.includes(c))).toBe(false);
  await section(page, 'security-page', 'totp-new-codes-phone-light');
  await page.getByTestId('totp-codes-done').click();
  await expect(page.getByTestId('totp-status')).toContainText('10');
  await context.close();

  // An old code no longer completes a sign-in; a new one does.
  const first = await request.post('/api/token/login', {
    data: { credential: { type: 'password', email: who.email, password: who.password }, device: 'e2e-codes' },
  });
  const { mfa_token } = (await first.json()) as { mfa_token: string };
  expect((await request.post('/api/token/login/totp', { data: { mfa_token, code: old[1] } })).status()).toBe(
    401,
  );
  expect((await request.post('/api/token/login/totp', { data: { mfa_token, code: fresh[0] } })).ok()).toBe(
    true,
  );
});
