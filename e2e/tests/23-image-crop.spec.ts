import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, adminToken, registerMember, signIn, snap } from './support.js';

/**
 * The crop step of avatars and logos (issue 11): a wide image, left half red and right half blue,
 * is cropped by keyboard (+ and − zoom, arrows move) to its left square; the avatar stored and shown
 * is square and red (the cropped part, not the centre). An image under 128 × 128 is refused in the
 * dialog; the server logo goes through the same step. Screenshots light/dark, phone/desktop.
 */
test.describe.configure({ mode: 'serial' });
const stamp = Date.now() % 100000;
const CROPPER = { email: `crop.${stamp}@parley.test`, password: 'crop password 123', name: `Crop${stamp}` };
let uid = 0;

test.beforeAll(async ({ request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-crop') };
  uid = await registerMember(request, headers, CROPPER);
});

const RED = { r: 230, g: 20, b: 20 };
const BLUE = { r: 20, g: 40, b: 230 };

/** A `width` × `height` PNG whose left half is red and right half blue. */
async function halves(width: number, height: number): Promise<Buffer> {
  const half = await sharp({ create: { width: width / 2, height, channels: 3, background: BLUE } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: RED } })
    .composite([{ input: half, left: width / 2, top: 0 }])
    .png()
    .toBuffer();
}

async function open(
  browser: Browser,
  who: { email: string; password: string },
  dark: boolean,
  width: number,
) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    colorScheme: dark ? 'dark' : 'light',
  });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

/** The colour at the centre of an image element, read through a canvas. */
const centre = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const [r, g, b] = context.getImageData(img.naturalWidth / 2, img.naturalHeight / 2, 1, 1).data;
    return { r, g, b, width: img.naturalWidth, height: img.naturalHeight };
  });

test('an avatar is cropped by keyboard to the left square; what is stored and shown is that part', async ({
  browser,
  request,
}) => {
  const page = await open(browser, CROPPER, false, 1280);
  await page.goto('/#/setting/account');
  await expect(page.getByTestId('account-page')).toBeVisible();
  await page.getByTestId('account-avatar-input').setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: await halves(600, 300),
  });
  const dialog = page.getByTestId('crop-dialog');
  await expect(dialog).toBeVisible();
  const area = dialog.getByTestId('crop-area');
  await expect(area.locator('img')).toBeVisible();
  await area.focus();
  const zoom = dialog.getByTestId('crop-zoom');
  await page.keyboard.press('+');
  await expect(zoom).not.toHaveValue('0');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect(zoom).toHaveValue('0');
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await snap(page, 'crop-avatar-light-1280');
  await dialog.getByTestId('crop-apply').click();
  await expect(dialog).toHaveCount(0);

  const shown = page.getByTestId('account-page').locator('.avatar img').first();
  await expect(shown).toHaveJSProperty('complete', true);
  await expect
    .poll(async () => (await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)) > 0)
    .toBe(true);
  const pixel = await centre(page, '[data-testid="account-page"] .avatar img >> nth=0');
  expect(pixel.width).toBe(pixel.height);
  expect(pixel.r).toBeGreaterThan(180);
  expect(pixel.b).toBeLessThan(80);
  const box = (await shown.boundingBox())!;
  expect(Math.round(box.width)).toBe(Math.round(box.height));

  // The stored avatar: square, and its left and right edges are both red (the left square was cut).
  const stored = await request.get(`/api/resource/avatar?uid=${uid}`);
  expect(stored.ok()).toBe(true);
  const { data, info } = await sharp(await stored.body())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.width).toBe(info.height);
  expect(info.width).toBeGreaterThanOrEqual(128);
  const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
  expect(at(2, info.height / 2)).toBeGreaterThan(180);
  expect(at(info.width - 3, info.height / 2)).toBeGreaterThan(180);
});

test('dark, phone: a too small image is refused in the dialog; the logo goes through the crop step', async ({
  browser,
}) => {
  const page = await open(browser, ADMIN, true, 375);
  await page.goto('/#/setting/overview');
  await expect(page.getByTestId('overview-page')).toBeVisible();
  const input = page.getByTestId('overview-logo');
  await input.setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await halves(100, 100) });
  const dialog = page.getByTestId('crop-dialog');
  await expect(dialog.getByTestId('crop-error')).toContainText('128');
  await expect(dialog.getByTestId('crop-apply')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await halves(400, 800) });
  await expect(dialog.getByTestId('crop-area').locator('img')).toBeVisible();
  const box = (await dialog.getByTestId('crop-area').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await snap(page, 'crop-logo-dark-375');
  await dialog.getByTestId('crop-apply').click();
  await expect(dialog).toHaveCount(0);
  const logo = page.locator('img.admin-logo');
  // The new logo, not the one shown before the upload.
  await expect(logo).toHaveAttribute('src', /\?t=[1-9]/);
  await expect
    .poll(async () => (await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)) || 0)
    .toBeGreaterThan(0);
  const pixel = await centre(page, 'img.admin-logo');
  expect(pixel.width).toBe(pixel.height);
});
