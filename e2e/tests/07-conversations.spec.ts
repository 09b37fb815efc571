import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminToken, createPublicChannel, registerMember, signIn, snap } from './support.js';

/**
 * Conversation settings (SPEC §4): a user pins a channel and a DM (they move first in the
 * sidebar), mutes a channel (the muted mark survives a reload), and a block stops a DM until it
 * is lifted. Screenshots of the settings dialog and the sidebar, light and dark, phone and desktop.
 */
const stamp = Date.now();
const ADA = { email: `ada-${stamp}@parley.test`, password: 'ada password 123', name: `Ada${stamp % 10000}` };
const BEN = { email: `ben-${stamp}@parley.test`, password: 'ben password 123', name: `Ben${stamp % 10000}` };
// The screenshots need the state the first test leaves.
test.describe.configure({ mode: 'serial' });
let first = 0;
let last = 0;
let benUid = 0;
let adaUid = 0;

const adminHeaders = async (request: APIRequestContext) => ({
  'x-api-key': await adminToken(request, 'e2e-conversations'),
});

test.beforeAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  adaUid = await registerMember(request, headers, ADA);
  benUid = await registerMember(request, headers, BEN);
  first = await createPublicChannel(request, headers, `aardvark ${stamp % 10000}`);
  last = await createPublicChannel(request, headers, `zebra ${stamp % 10000}`);
});

async function openSettings(page: Page) {
  await page.getByTestId('conversation-settings-button').click();
  await expect(page.getByTestId('conversation-settings')).toBeVisible();
}

async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conversation-settings')).toBeHidden();
}

async function sendIn(page: Page, text: string) {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
}

test('pin, mute and block work from the conversation settings', async ({ browser }) => {
  const ada = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(ada, ADA);
  const channels = ada.locator('[data-testid^="channel-item-"]');

  // Pinning the last channel moves it first.
  await ada.goto(`/#/chat/channel/${last}`);
  await expect(ada.getByTestId(`channel-item-${last}`)).toBeVisible();
  await expect(channels.first()).not.toHaveAttribute('data-testid', `channel-item-${last}`);
  await openSettings(ada);
  // The box follows the saved setting, so it turns checked once the server has it.
  await ada.getByTestId('conversation-pin').click();
  await expect(ada.getByTestId('conversation-pin')).toBeChecked();
  await closeSettings(ada);
  await expect(channels.first()).toHaveAttribute('data-testid', `channel-item-${last}`);
  await expect(ada.getByTestId(`channel-item-${last}`).getByTestId('sidebar-pinned')).toBeVisible();

  // Muting a channel marks it in the header and the sidebar, and survives a reload.
  await ada.goto(`/#/chat/channel/${first}`);
  await openSettings(ada);
  await ada.getByTestId('conversation-mute').selectOption('0');
  await expect(ada.getByTestId('conversation-mute')).toHaveValue('muted');
  await closeSettings(ada);
  await expect(ada.getByTestId('conversation-muted')).toBeVisible();
  await expect(ada.getByTestId(`channel-item-${first}`).getByTestId('sidebar-muted')).toBeVisible();
  await ada.reload();
  await expect(ada.getByTestId('conversation-muted')).toBeVisible();
  await expect(ada.getByTestId(`channel-item-${first}`).getByTestId('sidebar-muted')).toBeVisible();
  await expect(channels.first()).toHaveAttribute('data-testid', `channel-item-${last}`);

  // A DM pinned first in the DM list.
  await ada.goto(`/#/chat/dm/${benUid}`);
  await sendIn(ada, 'hello Ben');
  await expect(ada.getByTestId('message').filter({ hasText: 'hello Ben' })).toBeVisible();
  await openSettings(ada);
  await ada.getByTestId('conversation-pin').click();
  await expect(ada.getByTestId('conversation-pin')).toBeChecked();
  await closeSettings(ada);
  await expect(ada.locator('[data-testid^="dm-item-"]').first()).toHaveAttribute(
    'data-testid',
    `dm-item-${benUid}`,
  );

  // Ben blocks Ada in their DM: her message fails with the client's text.
  const ben = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(ben, BEN);
  await ben.goto(`/#/chat/dm/${adaUid}`);
  await expect(ben.getByTestId('message').filter({ hasText: 'hello Ben' })).toBeVisible();
  await openSettings(ben);
  await ben.getByTestId('contact-block').click();
  await expect(ben.getByTestId('contact-unblock')).toBeVisible();
  await expect(ben.getByTestId('contact-status')).not.toHaveText('');
  await closeSettings(ben);

  await sendIn(ada, 'are you there?');
  await expect(ada.getByText('Send failed, blocked maybe')).toBeVisible();
  await expect(ada.getByTestId('message').filter({ hasText: 'are you there?' })).toHaveCount(0);
  await expect(ben.getByTestId('message').filter({ hasText: 'are you there?' })).toHaveCount(0);

  // Unblocked, the next message goes through.
  await openSettings(ben);
  await ben.getByTestId('contact-unblock').click();
  await expect(ben.getByTestId('contact-block')).toBeVisible();
  await closeSettings(ben);
  await sendIn(ada, 'second try');
  await expect(ben.getByTestId('message').filter({ hasText: 'second try' })).toBeVisible();
  await expect(ada.getByTestId('message').filter({ hasText: 'second try' })).toBeVisible();

  await ada.context().close();
  await ben.context().close();
});

async function screenshots(browser: Browser, theme: 'light' | 'dark', width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    colorScheme: theme,
  });
  const page = await context.newPage();
  await signIn(page, ADA);
  if (width < 500) {
    // On a phone the sidebar is the chat list screen.
    await page.goto('/#/chat');
  } else {
    await page.goto(`/#/chat/channel/${first}`);
  }
  await expect(page.getByTestId(`channel-item-${last}`).getByTestId('sidebar-pinned')).toBeVisible();
  await snap(page, `conversations-sidebar-${theme}-${width}`);
  await page.goto(`/#/chat/dm/${benUid}`);
  await openSettings(page);
  await expect(page.getByTestId('contact-status')).toBeVisible();
  await snap(page, `conversation-settings-dm-${theme}-${width}`);
  await closeSettings(page);
  await page.goto(`/#/chat/channel/${first}`);
  await openSettings(page);
  await snap(page, `conversation-settings-channel-${theme}-${width}`);
  await context.close();
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 1280]) {
    test(`conversation screenshots in ${theme} at ${width} px`, async ({ browser }) => {
      await screenshots(browser, theme, width);
    });
  }
}
