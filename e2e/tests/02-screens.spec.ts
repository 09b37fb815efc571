import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { MEMBER, signIn, snap } from './support.js';

/**
 * Every main screen in both themes at phone and desktop widths, saved as screenshots for review,
 * and the login screen in all seven languages.
 */
const themes = ['light', 'dark'] as const;
const widths = [
  { name: '375', viewport: { width: 375, height: 812 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
];

for (const theme of themes) {
  for (const { name: width, viewport } of widths) {
    test(`main screens in ${theme} at ${width} px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      const page = await context.newPage();

      await page.goto('/#/login');
      await expect(page.getByTestId('login-form')).toBeVisible();
      await snap(page, `login-${theme}-${width}`);

      await page.goto('/#/register');
      await expect(page.getByTestId('register-invitation-only')).toBeVisible();
      await snap(page, `register-closed-${theme}-${width}`);

      await signIn(page, MEMBER);
      await expect(page.locator('[data-testid^="channel-item-"]').first()).toBeVisible();
      await snap(page, `chat-home-${theme}-${width}`);

      await page.locator('[data-testid^="channel-item-"]').first().click();
      await expect(page.getByTestId('message').first()).toBeVisible();
      await snap(page, `chat-channel-${theme}-${width}`);

      await page.goto('/#/users');
      await expect(page.locator('[data-testid^="user-item-"]').first()).toBeVisible();
      await snap(page, `users-${theme}-${width}`);

      await page.getByTestId('user-menu-button').click();
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await snap(page, `user-menu-${theme}-${width}`);

      await page.goto('/#/no-such-screen');
      await expect(page.locator('body')).toContainText('404 page');
      await context.close();
    });
  }
}

/** The sign-in button's label in a language, read from the locale file the client loads. */
function submitLabel(lng: string): string {
  const file = fileURLToPath(new URL(`../../packages/web/public/locales/${lng}/auth.json`, import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { login: { submit: string } }).login.submit;
}

// One test per language: seven browser contexts in one test outgrew its time on a loaded machine.
for (const lng of ['zh', 'ja', 'es', 'fr', 'pt', 'tr', 'en']) {
  test(`the login screen speaks ${lng}`, async ({ browser }) => {
    const expected = submitLabel(lng);
    if (lng !== 'en') expect(expected).not.toBe(submitLabel('en'));
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lng });
    const page = await context.newPage();
    await page.goto(`/?lng=${lng}#/login`);
    await expect(page.getByTestId('login-submit')).toHaveText(expected);
    await snap(page, `login-lang-${lng}`);
    await context.close();
  });
}

test('the app is usable by keyboard: sign in and send a message without a mouse', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/#/login');
  await page.getByTestId('login-email').focus();
  await page.keyboard.type(MEMBER.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(MEMBER.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/chat/);
  const item = page.locator('[data-testid^="channel-item-"]').first();
  await item.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('composer').focus();
  await page.keyboard.type('Typed without a mouse');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'Typed without a mouse' })).not.toHaveAttribute(
    'data-sending',
    'true',
  );
  await context.close();
});
