import { expect, test } from '@playwright/test';
import { linkOf, startMailbox, type Mailbox } from '../../packages/server/test/support/mailbox.js';
import { ADMIN, adminToken, signIn, snap } from './support.js';

/**
 * Issue 12: an administrator invites an address from Settings › Members; the invitation reaches a
 * real SMTP server on loopback in the language chosen; its link registers the invitee straight
 * into the private channel picked, once.
 */
let box: Mailbox;
let token = '';
let gid = 0;
let previousSmtp: unknown;
const CHANNEL = `Invited room ${Date.now() % 100000}`;

test.beforeAll(async ({ request }) => {
  box = await startMailbox();
  token = await adminToken(request, 'e2e-email-invites');
  const headers = { 'x-api-key': token };
  previousSmtp = await (await request.get('/api/admin/smtp/config', { headers })).json();
  const smtp = await request.post('/api/admin/smtp/config', {
    headers,
    data: { enabled: true, host: box.host, port: box.port, from: 'parley@parley.test' },
  });
  expect(smtp.ok()).toBe(true);
  const group = await request.post('/api/group', { headers, data: { name: CHANNEL, is_public: false } });
  expect(group.ok()).toBe(true);
  gid = (await group.json()).gid;
});
test.afterAll(async ({ request }) => {
  await request.post('/api/admin/smtp/config', { headers: { 'x-api-key': token }, data: previousSmtp });
  await box?.close();
});

test('an invitation by e-mail registers into the chosen private channel, once', async ({ browser }) => {
  const admin = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await admin.newPage();
  await signIn(page, ADMIN);
  await page.goto('/#/setting/members');
  await page.getByTestId('members-invite-email').click();
  const email = `invitee.${Date.now()}@parley.test`;
  await page.getByTestId('invite-email-address').fill(email);
  await page.getByTestId('invite-email-channels').getByText(CHANNEL).click();
  await page.getByTestId('invite-email-language').selectOption('fr');
  await snap(page, 'invite-email-desktop-light');
  const since = box.mails.length;
  await page.getByTestId('invite-email-submit').click();
  await expect(page.getByText(email)).toBeVisible();
  const mail = await box.next(email, since);
  expect(mail.subject).toContain('invité');
  const link = linkOf(mail);
  await admin.close();

  const invitee = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' });
  const tab = await invitee.newPage();
  await tab.goto(link.href);
  await expect(tab.getByTestId('register-form')).toBeVisible();
  await tab.getByTestId('register-email').fill(email);
  await tab.getByTestId('register-name').fill('Ines');
  await tab.getByTestId('register-password').fill('ines password 12');
  await tab.getByTestId('register-confirm').fill('ines password 12');
  await tab.getByTestId('register-submit').click();
  await tab.waitForURL(/#\/(chat)?$|#\/chat/);
  await tab.goto(`/#/chat/channel/${gid}`);
  await expect(tab.getByRole('heading', { name: new RegExp(CHANNEL) })).toBeVisible();
  await expect(tab.getByRole('textbox', { name: new RegExp(CHANNEL) })).toBeVisible();
  await snap(tab, 'invite-email-joined-phone-dark');
  await invitee.close();

  // The link was spent.
  const again = await browser.newContext();
  const res = await again.request.post('/api/user/register', {
    data: {
      email: `second.${email}`,
      password: 'another password 1',
      name: 'Second',
      gender: 0,
      magic_token: link.searchParams.get('magic_token'),
    },
  });
  expect(res.status()).toBe(412);
  await again.close();
});

test('the invitation form in dark mode on a phone, by keyboard', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await page.goto('/#/setting/members');
  await page.getByTestId('members-invite-email').focus();
  await page.keyboard.press('Enter');
  // The dialog opens on its close button; the address is next.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('invite-email-address')).toBeFocused();
  await page.keyboard.type('keyboard@parley.test');
  await snap(page, 'invite-email-phone-dark');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('invite-email-address')).toBeHidden();
  await context.close();
});
