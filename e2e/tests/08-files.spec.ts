import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, MEMBER, signIn, snap } from './support.js';

/**
 * Files (issue 11) after 01-first-run: one person attaches an image and a PDF (and a 5 MB file,
 * with progress shown); the other sees the image inline, opens the viewer, and downloads the PDF
 * byte-identical. Screenshots light/dark at phone and desktop widths.
 */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function openGeneral(page: Page): Promise<void> {
  const item = page.locator('[data-testid^="channel-item-"]', { hasText: 'general' }).first();
  await item.click();
  await expect(page.getByTestId('composer')).toBeVisible();
}

async function open(
  browser: Browser,
  who: { email: string; password: string },
  theme: 'light' | 'dark',
  width: number,
) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    colorScheme: theme,
  });
  const page = await context.newPage();
  await signIn(page, who);
  await openGeneral(page);
  return { context, page };
}

test('an image, a PDF and a 5 MB file go from one person to the other', async ({ browser }) => {
  const sender = await open(browser, ADMIN, 'light', 1440);
  const reader = await open(browser, MEMBER, 'light', 1440);
  const image = await sharp({
    create: { width: 800, height: 500, channels: 3, background: { r: 40, g: 120, b: 220 } },
  })
    .jpeg()
    .toBuffer();
  const big = Buffer.alloc(5_000_000, 7);

  await sender.page.getByTestId('composer-file-input').setInputFiles([
    { name: 'sky.jpg', mimeType: 'image/jpeg', buffer: image },
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'big.bin', mimeType: 'application/octet-stream', buffer: big },
  ]);
  // The 5 MB file takes several chunks: its progress bar shows while it goes.
  await expect(sender.page.getByTestId('upload').filter({ hasText: 'big.bin' })).toBeVisible();
  await expect(sender.page.getByTestId('upload-tray')).toHaveCount(0, { timeout: 30_000 });

  const img = reader.page.getByTestId('file-image').last();
  await expect(img).toBeVisible();
  await expect(img.locator('img')).toHaveJSProperty('complete', true);
  const box = (await img.locator('img').boundingBox())!;
  expect(Math.max(box.width, box.height)).toBeLessThanOrEqual(321);
  expect(Math.max(box.width, box.height)).toBeGreaterThanOrEqual(199);
  const card = reader.page.getByTestId('file-card').filter({ hasText: 'report.pdf' }).last();
  await expect(card).toBeVisible();
  await expect(reader.page.getByTestId('file-card').filter({ hasText: 'big.bin' }).last()).toContainText(
    '5 MB',
  );

  const [download] = await Promise.all([
    reader.page.waitForEvent('download'),
    card.getByTestId('file-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('report.pdf');
  expect(readFileSync((await download.path())!).equals(PDF)).toBe(true);

  await snap(reader.page, 'files-chat-light-1440');
  await img.click();
  const viewer = reader.page.getByTestId('image-viewer');
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer).toContainText('150%');
  await snap(reader.page, 'files-viewer-light-1440');
  await reader.page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await sender.context.close();
  await reader.context.close();
});

test('a cancelled upload stops and leaves the tray (the server sweeps what it stored)', async ({
  browser,
}) => {
  const { context, page } = await open(browser, ADMIN, 'light', 1440);
  await page.route('**/api/resource/file/upload', async (route) => {
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
  await page
    .getByTestId('composer-file-input')
    .setInputFiles([
      { name: 'slow.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(3_000_000, 1) },
    ]);
  await expect(page.getByTestId('upload')).toBeVisible();
  await page.getByTestId('upload-cancel').click();
  await expect(page.getByTestId('upload-tray')).toHaveCount(0);
  await context.close();
});

test('files dropped on the composer or pasted into it are sent', async ({ browser }) => {
  const { context, page } = await open(browser, ADMIN, 'light', 1440);
  const put = (kind: 'drop' | 'paste', name: string) =>
    page.getByTestId(kind === 'drop' ? 'composer-form' : 'composer').evaluate(
      (element, [kind, name]) => {
        const data = new DataTransfer();
        data.items.add(new File([`${kind} contents`], name, { type: 'text/plain' }));
        const event =
          kind === 'drop'
            ? new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true })
            : new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        element.dispatchEvent(event);
      },
      [kind, name] as const,
    );
  await put('drop', 'dropped.txt');
  await put('paste', 'pasted.txt');
  await expect(page.getByTestId('file-card').filter({ hasText: 'dropped.txt' })).toBeVisible();
  await expect(page.getByTestId('file-card').filter({ hasText: 'pasted.txt' })).toBeVisible();
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 1440]) {
    test(`file messages in ${theme} at ${width} px`, async ({ browser }) => {
      const { context, page } = await open(browser, MEMBER, theme, width);
      await expect(page.getByTestId('file-image').last()).toBeVisible();
      await expect(page.getByTestId('file-card').last()).toBeVisible();
      await page.getByTestId('file-card').last().scrollIntoViewIfNeeded();
      await snap(page, `files-chat-${theme}-${width}`);
      await context.close();
    });
  }
}
