import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminToken, registerMember, signIn } from './support.js';

/**
 * The crop step keeps an animated avatar animated (issue 11): a two-frame GIF, left half red and
 * right half blue (the second frame with green added), is dragged to its right square in the crop
 * dialog; the browser sends the GIF whole with the square, and the stored avatar read back from the
 * server is an animated GIF of two frames, both cut from the right half.
 */
test.describe.configure({ mode: 'serial' });
const stamp = Date.now() % 100000;
const WHO = { email: `gif.${stamp}@parley.test`, password: 'gif password 123', name: `Gif${stamp}` };
let uid = 0;

test.beforeAll(async ({ request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-gif-crop') };
  uid = await registerMember(request, headers, WHO);
});

/** One 600×300 frame: left red, right blue, with `g` green everywhere. */
async function frame(g: number): Promise<Buffer> {
  const blue = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 20, g, b: 230 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 230, g, b: 20 } } })
    .composite([{ input: blue, left: 300, top: 0 }])
    .png()
    .toBuffer();
}

async function animatedGif(): Promise<Buffer> {
  return sharp([await frame(0), await frame(200)], { join: { animated: true } })
    .gif({ delay: [200, 200], loop: 0 })
    .toBuffer();
}

async function drag(page: Page, dx: number) {
  const box = (await page.getByTestId('crop-dialog').getByTestId('crop-area').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y);
  await page.mouse.up();
}

test('a GIF cropped in the browser is stored animated, every frame cropped', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, WHO);
  await page.goto('/#/setting/account');
  await expect(page.getByTestId('account-page')).toBeVisible();
  await page.getByTestId('account-avatar-input').setInputFiles({
    name: 'wide.gif',
    mimeType: 'image/gif',
    buffer: await animatedGif(),
  });
  const dialog = page.getByTestId('crop-dialog');
  await expect(dialog.getByTestId('crop-area').locator('img')).toBeVisible();
  await drag(page, -400);
  const sent = page.waitForRequest((r) => r.url().includes('/api/user/avatar') && r.method() === 'POST');
  await dialog.getByTestId('crop-apply').click();
  await expect(dialog).toHaveCount(0);
  // The whole GIF went up with the right square.
  expect(new URL((await sent).url()).searchParams.get('crop')).toBe('300,0,300');

  let body: Buffer = Buffer.alloc(0);
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/resource/avatar?uid=${uid}`);
      if (!res.ok() || res.headers()['content-type'] !== 'image/gif') return false;
      body = await res.body();
      return true;
    })
    .toBe(true);
  const meta = await sharp(body, { animated: true }).metadata();
  expect(meta.pages).toBe(2);
  expect(meta.width).toBe(meta.pageHeight);
  for (const page of [0, 1]) {
    const { channels } = await sharp(body, { page }).stats();
    expect(channels[0]!.mean, `frame ${page} red`).toBeLessThan(80);
    expect(channels[2]!.mean, `frame ${page} blue`).toBeGreaterThan(180);
  }
  expect((await sharp(body, { page: 1 }).stats()).channels[1]!.mean).toBeGreaterThan(150);
  await context.close();
});
