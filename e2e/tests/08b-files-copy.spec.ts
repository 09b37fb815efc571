import { expect, test, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, signIn, snap } from './support.js';

/**
 * Copying from the image viewer (issue 11), after 01-first-run: a JPEG goes to the clipboard as a
 * PNG and the link as the file's absolute URL; a GIF is refused with VoceChat's message. Keyboard
 * only, screenshots light/dark at phone and desktop widths.
 */
async function open(browser: Browser, theme: 'light' | 'dark', width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    colorScheme: theme,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await page.locator('[data-testid^="channel-item-"]', { hasText: 'general' }).first().click();
  await expect(page.getByTestId('composer')).toBeVisible();
  return { context, page };
}

const solid = (format: 'jpeg' | 'gif', r: number) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r, g: 90, b: 60 } } })
    .toFormat(format)
    .toBuffer();

test('the viewer copies a JPEG and its link, and refuses a GIF', async ({ browser }) => {
  const { context, page } = await open(browser, 'light', 1440);
  await page.getByTestId('composer-file-input').setInputFiles([
    { name: 'copy-me.jpg', mimeType: 'image/jpeg', buffer: await solid('jpeg', 200) },
    { name: 'no-copy.gif', mimeType: 'image/gif', buffer: await solid('gif', 20) },
  ]);
  await expect(page.getByTestId('upload-tray')).toHaveCount(0, { timeout: 30_000 });

  const jpeg = page.getByTestId('file-image').filter({ has: page.locator('img[alt="copy-me.jpg"]') });
  await jpeg.last().focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByTestId('image-viewer');
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Copy image' }).focus();
  await page.keyboard.press('Enter');
  await expect(viewer.getByTestId('viewer-copy-status')).toHaveText('Copied');
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const blob = await item!.getType('image/png');
    const bitmap = await createImageBitmap(blob);
    return { types: item!.types, width: bitmap.width, height: bitmap.height };
  });
  expect(copied).toEqual({ types: ['image/png'], width: 300, height: 200 });

  await viewer.getByRole('button', { name: 'Copy link' }).click();
  await expect(viewer.getByTestId('viewer-copy-status')).toHaveText('Copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/resource\/file\?file_path=/);
  expect((await page.request.get(link)).headers()['content-type']).toBe('image/jpeg');
  await snap(page, 'files-viewer-copied-light-1440');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  const gif = page.getByTestId('file-image').filter({ has: page.locator('img[alt="no-copy.gif"]') });
  await gif.last().click();
  await viewer.getByRole('button', { name: 'Copy image' }).click();
  await expect(viewer.getByTestId('viewer-copy-status')).toHaveText(
    'Cannot copy this type of image to clipboard',
  );
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 1440]) {
    test(`the viewer's copy buttons in ${theme} at ${width} px`, async ({ browser }) => {
      const { context, page } = await open(browser, theme, width);
      await page.getByTestId('file-image').last().click();
      const viewer = page.getByTestId('image-viewer');
      await viewer.getByRole('button', { name: 'Copy link' }).click();
      await expect(viewer.getByTestId('viewer-copy-status')).toHaveText('Copied');
      const box = (await viewer.getByRole('button', { name: 'Copy image' }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await snap(page, `files-viewer-copy-${theme}-${width}`);
      await context.close();
    });
  }
}
