import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, adminToken, createPublicChannel, registerMember, signIn, snap } from './support.js';

/**
 * Search and typing (docs/search.md): a user finds an old message with Ctrl+K, opens the hit and
 * lands on it (history older than the first page is loaded for it), and sees another user typing.
 * Screenshots of the search dialog and the typing indicator, light and dark, phone and desktop.
 */
const DANA = {
  email: `dana-${Date.now()}@parley.test`,
  password: 'dana password 12',
  name: `Dana${Date.now() % 10000}`,
};
let gid = 0;
let target = 0;

const adminHeaders = async (request: APIRequestContext) => ({
  'x-api-key': await adminToken(request, 'e2e-search'),
});

test.beforeAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  await registerMember(request, headers, DANA);
  gid = await createPublicChannel(request, headers, 'research');
  const send = async (text: string) => {
    const sent = await request.post(`/api/group/${gid}/send`, {
      headers: { ...headers, 'content-type': 'text/plain' },
      data: text,
    });
    expect(sent.ok()).toBe(true);
    return (await sent.json()) as number;
  };
  target = await send('The quokka migration plan is ready for review, see 東京の資料');
  // More than a history page after it, so jumping to it has to load older history.
  for (let i = 1; i <= 150; i++) await send(`status update ${i}`);
});

async function openSearch(page: Page, query: string) {
  // The shortcut listens once the signed-in layout is there.
  await expect(page.getByTestId('composer').or(page.getByTestId('nav-search')).first()).toBeAttached();
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('search-dialog')).toBeVisible();
  await page.getByTestId('search-input').fill(query);
  await expect(page.getByTestId('search-hit').first()).toBeVisible();
}

test('search finds an old message and jumps to it; typing shows to the other user', async ({ browser }) => {
  const dana = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(dana, DANA);
  await openSearch(dana, 'quokka');
  const hit = dana.getByTestId('search-hit');
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText('quokka');
  // CJK inside a sentence without spaces.
  await dana.getByTestId('search-input').fill('東京');
  await expect(dana.getByTestId('search-hit')).toHaveCount(1);
  await dana.getByTestId('search-input').fill('quokka');
  await expect(dana.getByTestId('search-hit').locator('mark')).toHaveText('quokka');
  await dana.getByTestId('search-hit').click();
  await expect(dana.getByTestId('search-dialog')).toBeHidden();
  const found = dana.locator(`[data-testid="message"][data-mid="${target}"]`);
  await expect(found).toBeVisible();
  await expect(found).toHaveClass(/message--highlight/);
  await expect(found).toBeInViewport();

  // The admin types in the channel; Dana sees it under the message list, and it clears on send.
  const admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`/#/chat/channel/${gid}`);
  await admin.getByTestId('composer').fill('typing a reply');
  await expect(dana.getByTestId('typing-indicator')).toContainText(ADMIN.name);
  await admin.getByTestId('composer').press('Enter');
  await expect(dana.getByTestId('typing-indicator')).toHaveText('');
  await dana.context().close();
  await admin.context().close();
});

async function screenshots(browser: Browser, theme: 'light' | 'dark', width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    colorScheme: theme,
  });
  const page = await context.newPage();
  await signIn(page, DANA);
  await page.goto(`/#/chat/channel/${gid}`);
  await expect(page.getByTestId('message').first()).toBeVisible();
  await openSearch(page, 'status update');
  await snap(page, `search-dialog-${theme}-${width}`);
  await page.keyboard.press('Escape');
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`/#/chat/channel/${gid}`);
  await admin.getByTestId('composer').fill(`still typing ${theme} ${width}`);
  await expect(page.getByTestId('typing-indicator')).toContainText(ADMIN.name);
  await snap(page, `typing-${theme}-${width}`);
  await admin.context().close();
  await context.close();
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 1440]) {
    test(`search and typing screenshots in ${theme} at ${width} px`, async ({ browser }) => {
      await screenshots(browser, theme, width);
    });
  }
}
