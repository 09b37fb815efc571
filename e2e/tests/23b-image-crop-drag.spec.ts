import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminToken, registerMember, signIn } from './support.js';

/**
 * The crop step by mouse (issue 11): a wide image, left half red and right half blue, is dragged
 * with the mouse (down, moves, up) inside the crop square; dragging right shows and stores the left
 * (red) square, dragging left the right (blue) one. The stored avatar is read back from the server.
 */
test.describe.configure({ mode: 'serial' });
const stamp = Date.now() % 100000;
const DRAGGER = { email: `drag.${stamp}@parley.test`, password: 'drag password 123', name: `Drag${stamp}` };
let uid = 0;

test.beforeAll(async ({ request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-crop-drag') };
  uid = await registerMember(request, headers, DRAGGER);
});

/** A `width` × `height` PNG whose left half is red and right half blue. */
async function halves(width: number, height: number): Promise<Buffer> {
  const blue = await sharp({
    create: { width: width / 2, height, channels: 3, background: { r: 20, g: 40, b: 230 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 230, g: 20, b: 20 } } })
    .composite([{ input: blue, left: width / 2, top: 0 }])
    .png()
    .toBuffer();
}

/** Opens the crop dialog on the account page with the two-colour image. */
async function openCrop(page: Page) {
  await page.goto('/#/setting/account');
  await expect(page.getByTestId('account-page')).toBeVisible();
  await page.getByTestId('account-avatar-input').setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: await halves(600, 300),
  });
  const dialog = page.getByTestId('crop-dialog');
  await expect(dialog.getByTestId('crop-area').locator('img')).toBeVisible();
  return dialog;
}

/** Presses the mouse in the middle of the crop area, moves it by `dx` in steps, and releases it. */
async function drag(page: Page, dx: number) {
  const box = (await page.getByTestId('crop-dialog').getByTestId('crop-area').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y);
  await page.mouse.up();
}

/** The stored avatar's red and blue at its left and right edges, once it has changed from `since`. */
async function storedEdges(page: Page, since: string | null) {
  let body: Buffer = Buffer.alloc(0);
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/resource/avatar?uid=${uid}`);
      if (!res.ok()) return false;
      body = await res.body();
      return body.toString('base64') !== since;
    })
    .toBe(true);
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number) => {
    const i = (Math.floor(info.height / 2) * info.width + x) * info.channels;
    return { r: data[i]!, b: data[i + 2]! };
  };
  return {
    square: info.width === info.height,
    left: at(2),
    right: at(info.width - 3),
    body: body.toString('base64'),
  };
}

test('dragging the image with the mouse chooses the square that is stored', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, DRAGGER);

  let dialog = await openCrop(page);
  await drag(page, 400);
  await dialog.getByTestId('crop-apply').click();
  await expect(dialog).toHaveCount(0);
  const red = await storedEdges(page, null);
  expect(red.square).toBe(true);
  expect(red.left.r).toBeGreaterThan(180);
  expect(red.right.r).toBeGreaterThan(180);
  expect(red.right.b).toBeLessThan(80);

  dialog = await openCrop(page);
  await drag(page, -400);
  await dialog.getByTestId('crop-apply').click();
  await expect(dialog).toHaveCount(0);
  const blue = await storedEdges(page, red.body);
  expect(blue.left.b).toBeGreaterThan(180);
  expect(blue.right.b).toBeGreaterThan(180);
  expect(blue.left.r).toBeLessThan(80);
  await context.close();
});
