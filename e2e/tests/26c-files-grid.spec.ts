import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { PDF, sendFile } from './files-support.js';
import { adminToken, registerAccount, signIn, snap } from './support.js';

/**
 * The Files screen's grid and list views (issue 11, SPEC `fileListView`): grid by default, switched
 * by keyboard through a toggle group, the choice kept across a reload; an image tile shows the
 * server's thumbnail, another kind an icon tile with name and size, and each tile's actions are
 * reachable by keyboard. Every file is sent through the API before a page opens, and each step waits
 * for what it checks to be visible.
 */
test.describe.configure({ mode: 'serial' });
const stamp = Date.now() % 100000;
const RITA = {
  email: `rita.${stamp}@parley.test`,
  password: 'Rita password 123',
  name: `Rita${stamp}`,
};
let token = '';
let gid = 0;
const REPORT = `grid-report-${stamp}.pdf`;
const PHOTO = `grid-photo-${stamp}.png`;
const SKETCH = `grid-sketch-${stamp}.png`;

test.beforeAll(async ({ request }) => {
  const admin = { 'x-api-key': await adminToken(request, 'e2e-files-grid') };
  ({ token } = await registerAccount(request, admin, RITA));
  const created = await request.post('/api/group', {
    headers: { 'x-api-key': token },
    data: { name: `gallery ${stamp}`, is_public: false, members: [] },
  });
  const body = await created.json();
  gid = typeof body === 'number' ? body : (body.gid as number);
  const png = (background: string) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .png()
      .toBuffer();
  await sendFile(request, token, `group/${gid}`, REPORT, 'application/pdf', PDF);
  await sendFile(request, token, `group/${gid}`, SKETCH, 'image/png', await png('#f59e0b'));
  await sendFile(request, token, `group/${gid}`, PHOTO, 'image/png', await png('#10b981'));
});

const tile = (page: Page, name: string) => page.getByTestId('files-row').filter({ hasText: name });

async function openFiles(page: Page) {
  await page.goto('/#/files');
  await expect(page.getByTestId('files-page')).toBeVisible();
  await expect(tile(page, PHOTO)).toBeVisible();
  await expect(tile(page, REPORT)).toBeVisible();
}

test('grid by default, switched by keyboard, remembered across a reload', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, RITA);
  await openFiles(page);
  const results = page.getByTestId('files-results');
  await expect(results).toHaveAttribute('data-view', 'grid');
  await expect(page.getByTestId('files-view-grid')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('files-view-list')).toHaveAttribute('aria-pressed', 'false');
  // An image tile shows the server's thumbnail; a PDF tile an icon, its name and size.
  await expect(tile(page, PHOTO).locator('img')).toHaveAttribute('src', /thumbnail=true/);
  await expect(tile(page, REPORT).locator('img')).toHaveCount(0);
  await expect(tile(page, REPORT)).toContainText(REPORT);
  await expect(tile(page, REPORT)).toContainText(/\d+ B/);

  // The list, by keyboard: Tab from the grid button, then Enter.
  await page.getByTestId('files-view-grid').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('files-view-list')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('files-view-list')).toHaveAttribute('aria-pressed', 'true');
  await expect(results).toHaveAttribute('data-view', 'list');

  // The choice survives a reload.
  await page.reload();
  await expect(tile(page, PHOTO)).toBeVisible();
  await expect(page.getByTestId('files-results')).toHaveAttribute('data-view', 'list');
  await expect(page.getByTestId('files-view-list')).toHaveAttribute('aria-pressed', 'true');

  // Back to the grid with Space, kept too.
  await page.getByTestId('files-view-grid').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('files-results')).toHaveAttribute('data-view', 'grid');
  await page.reload();
  await expect(tile(page, PHOTO)).toBeVisible();
  await expect(page.getByTestId('files-results')).toHaveAttribute('data-view', 'grid');

  // A tile's actions by keyboard: open, download, then "go to message" with Enter.
  const report = tile(page, REPORT);
  const mid = await report.getAttribute('data-mid');
  await report.getByTestId('files-open').focus();
  await page.keyboard.press('Tab');
  await expect(report.getByTestId('files-download')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(report.getByTestId('files-jump')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/chat/channel/${gid}`));
  await expect(page.locator(`[data-testid="message"][data-mid="${mid}"]`)).toBeVisible();
  await context.close();
});

for (const [theme, label, viewport] of [
  ['light', 'desktop', { width: 1280, height: 800 }],
  ['dark', 'phone', { width: 375, height: 740 }],
] as const) {
  test(`grid screenshot ${theme} ${label}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, colorScheme: theme });
    const page = await context.newPage();
    await signIn(page, RITA);
    await openFiles(page);
    await expect(page.getByTestId('files-results')).toHaveAttribute('data-view', 'grid');
    for (const name of [PHOTO, SKETCH]) {
      await expect(tile(page, name).locator('img')).toHaveJSProperty('complete', true);
    }
    if (label === 'phone') {
      // Two columns: the two newest tiles side by side.
      const first = await tile(page, PHOTO).boundingBox();
      const second = await tile(page, SKETCH).boundingBox();
      expect(first && second).toBeTruthy();
      expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
      expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
      const third = await tile(page, REPORT).boundingBox();
      expect(third!.y).toBeGreaterThan(first!.y + first!.height - 1);
    }
    await snap(page, `files-grid-${theme}-${label}`);
    await context.close();
  });
}
