/**
 * Animated avatars (issue 11): an animated GIF stays animated, stored square as an animated GIF
 * (every frame and its delay, cover crop to the usual size) and served as `image/gif`; a still
 * image stays a PNG. The size rules are those of any avatar.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCastWithChannels } from './support/cast.js';
import { RED, solidPng } from './support/images.js';
import { useTestServer, type TestUser } from './support/server.js';

const t = useTestServer();
let admin: TestUser;
let alice: TestUser;
let pub: number;
beforeAll(async () => {
  ({ admin, alice, pub } = await createCastWithChannels(t));
});

/** A two-frame animated GIF, red then blue, 300×200, 100 ms per frame. */
async function animatedGif(): Promise<Buffer> {
  const frame = (r: number, b: number) =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return sharp([await frame(255, 0), await frame(0, 255)], { join: { animated: true } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
}
const upload = (path: string, body: Buffer, type: string, user = alice) =>
  t.request('POST', path, { token: user.token, body, headers: { 'content-type': type } });

describe('animated avatars', () => {
  it("a user's animated GIF is stored and served as an animated square GIF", async () => {
    expect((await upload('/user/avatar', await animatedGif(), 'image/gif')).status).toBe(200);
    const served = await t.request('GET', `/resource/avatar?uid=${alice.uid}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/gif');
    const meta = await sharp(served.bytes, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 2, width: 256, pageHeight: 256, delay: [100, 100] });
    // The frames keep their colours.
    const first = await sharp(served.bytes, { page: 0 }).stats();
    const second = await sharp(served.bytes, { page: 1 }).stats();
    expect(first.channels[0]!.mean).toBeGreaterThan(200);
    expect(second.channels[2]!.mean).toBeGreaterThan(200);
  });

  it("a channel's avatar too (set by its owner); a still image afterwards is a PNG again", async () => {
    expect((await upload(`/group/${pub}/avatar`, await animatedGif(), 'image/gif', admin)).status).toBe(200);
    const gif = await t.request('GET', `/resource/group_avatar?gid=${pub}`);
    expect(gif.headers.get('content-type')).toBe('image/gif');
    expect((await sharp(gif.bytes, { animated: true }).metadata()).pages).toBe(2);

    expect(
      (await upload(`/group/${pub}/avatar`, await solidPng(RED, 300, 200), 'image/png', admin)).status,
    ).toBe(200);
    const png = await t.request('GET', `/resource/group_avatar?gid=${pub}`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await sharp(png.bytes).metadata()).format).toBe('png');
  });

  it('a still GIF stays a still PNG; a broken GIF is 400', async () => {
    const still = await sharp(await solidPng(RED, 200, 200))
      .gif()
      .toBuffer();
    expect((await upload('/user/avatar', still, 'image/gif')).status).toBe(200);
    const served = await t.request('GET', `/resource/avatar?uid=${alice.uid}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    const broken = (await animatedGif()).subarray(0, 40);
    expect((await upload('/user/avatar', broken, 'image/gif')).status).toBe(400);
  });
});
