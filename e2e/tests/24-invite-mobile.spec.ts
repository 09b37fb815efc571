import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, snap } from './support.js';

/**
 * SPEC §2, `/invite_mobile/{magic_token}`: on a phone, open in the app, continue with the webapp,
 * copy the link ('Copied'), and the stores (Google Play and the APK on Android, the App Store
 * otherwise); on a desktop, straight to the registration link.
 */
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

let token = '';

async function inviteToken(request: APIRequestContext): Promise<string> {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-invite-mobile') };
  const link = await (await request.get('/api/group/create_reg_magic_link', { headers })).text();
  return new URL(link.replace(/^"|"$/g, '')).searchParams.get('magic_token') ?? '';
}

test.beforeAll(async ({ request }) => {
  token = await inviteToken(request);
  expect(token).not.toBe('');
});

test('on Android: the app, the webapp, copy with Copied, Google Play and the APK', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    userAgent: ANDROID,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto(`/#/invite_mobile/${token}`);
  const card = page.getByTestId('invite-mobile');
  await expect(card).toHaveAttribute('data-platform', 'android');
  const registration = `/#/register?magic_token=${token}`;
  await expect(page.getByTestId('invite-mobile-link')).toContainText(registration);
  await expect(page.getByTestId('invite-mobile-app')).toHaveAttribute('href', /^vocechat:\/\/invite\?link=/);
  const app = (await page.getByTestId('invite-mobile-app').getAttribute('href')) ?? '';
  expect(decodeURIComponent(app)).toContain(registration);
  await expect(page.getByTestId('store-play')).toHaveAttribute('href', /play\.google\.com/);
  await expect(page.getByTestId('store-apk')).toBeVisible();
  await expect(page.getByTestId('store-ios')).toHaveCount(0);
  await snap(page, 'invite-mobile-android-phone-light');
  await page.getByTestId('invite-mobile-copy').click();
  await expect(page.getByTestId('invite-mobile-copy')).toHaveText('Copied');
  // Continue with webapp: the registration form, with the invite.
  await page.getByTestId('invite-mobile-webapp').click();
  await expect(page).toHaveURL(new RegExp(`#/register\\?magic_token=${token}&from=webapp`));
  await expect(page.getByTestId('register-form')).toBeVisible();
  await context.close();
});

test('on an iPhone: the App Store link only, in dark mode too', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    userAgent: IPHONE,
    isMobile: true,
    colorScheme: 'dark',
  });
  const page = await context.newPage();
  await page.goto(`/#/invite_mobile/${token}`);
  await expect(page.getByTestId('invite-mobile')).toHaveAttribute('data-platform', 'ios');
  await expect(page.getByTestId('store-ios')).toHaveAttribute('href', /apps\.apple\.com/);
  await expect(page.getByTestId('store-play')).toHaveCount(0);
  await expect(page.getByTestId('store-apk')).toHaveCount(0);
  // By keyboard: the first control is the app link.
  await page.getByTestId('invite-mobile-app').focus();
  await expect(page.getByTestId('invite-mobile-app')).toBeFocused();
  await snap(page, 'invite-mobile-ios-phone-dark');
  await context.close();
});

test('on a desktop it goes straight to the registration link', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: DESKTOP });
  const page = await context.newPage();
  await page.goto(`/#/invite_mobile/${token}`);
  await expect(page).toHaveURL(new RegExp(`#/register\\?magic_token=${token}$`));
  await expect(page.getByTestId('register-form')).toBeVisible();
  await expect(page.getByTestId('invite-mobile')).toHaveCount(0);
  await context.close();
});
