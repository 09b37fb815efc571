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

test('the login screen speaks all seven languages', async ({ browser }) => {
  const seen = new Map<string, string>();
  for (const lng of ['en', 'zh', 'ja', 'es', 'fr', 'pt', 'tr']) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lng });
    const page = await context.newPage();
    await page.goto(`/?lng=${lng}#/login`);
    const label = (await page.getByTestId('login-submit').textContent())?.trim() ?? '';
    expect(label).not.toBe('');
    seen.set(lng, label);
    await snap(page, `login-lang-${lng}`);
    await context.close();
  }
  for (const lng of ['zh', 'ja', 'es', 'fr', 'pt', 'tr']) expect(seen.get(lng)).not.toBe(seen.get('en'));
});

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
