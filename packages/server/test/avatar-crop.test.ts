/**
 * The crop square of an avatar, channel icon or logo upload (`?crop=x,y,side`, Parley; issue 11):
 * the web crop dialog sends an animated image whole with the square chosen, and the server crops
 * every frame, so the stored image stays animated. A still image is cropped the same way; a square
 * outside the image, or a malformed one, is 400 and changes nothing.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCastWithChannels } from './support/cast.js';
import { useTestServer, type TestUser } from './support/server.js';

const t = useTestServer();
let admin: TestUser;
let alice: TestUser;
let pub: number;
beforeAll(async () => {
  ({ admin, alice, pub } = await createCastWithChannels(t));
});

/** 300×200, left half red and right half green; `blue` tints both halves (a second frame). */
async function halves(blue: number): Promise<Buffer> {
  const right = await sharp({
    create: { width: 150, height: 200, channels: 3, background: { r: 0, g: 255, b: blue } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 255, g: 0, b: blue } } })
    .composite([{ input: right, left: 150, top: 0 }])
    .png()
    .toBuffer();
}
/** Two frames, each left red and right green (the second with blue): 300×200, 100 ms per frame. */
async function animatedHalves(): Promise<Buffer> {
  return sharp([await halves(0), await halves(255)], { join: { animated: true } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
}
const upload = (path: string, body: Buffer, type: string, user = alice) =>
  t.request('POST', path, { token: user.token, body, headers: { 'content-type': type } });

async function frames(bytes: Uint8Array) {
  const meta = await sharp(bytes, { animated: true }).metadata();
  const means = [];
  for (let page = 0; page < (meta.pages ?? 1); page++) {
    const { channels } = await sharp(bytes, { page }).stats();
    means.push({ r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean });
  }
  return { meta, means };
}

describe('crop square on avatar uploads', () => {
  it('an animated GIF cropped to its right square keeps every frame, each cropped', async () => {
    expect((await upload('/user/avatar?crop=150,0,150', await animatedHalves(), 'image/gif')).status).toBe(
      200,
    );
    const served = await t.request('GET', `/resource/avatar?uid=${alice.uid}`);
    expect(served.headers.get('content-type')).toBe('image/gif');
    const { meta, means } = await frames(served.bytes);
    expect(meta).toMatchObject({ format: 'gif', pages: 2, width: 256, pageHeight: 256, delay: [100, 100] });
    // Only the green half: no red in any frame; the second frame is tinted blue.
    for (const m of means) {
      expect(m.r).toBeLessThan(40);
      expect(m.g).toBeGreaterThan(200);
    }
    expect(means[1]!.b).toBeGreaterThan(200);

    expect((await upload('/user/avatar?crop=0,0,150', await animatedHalves(), 'image/gif')).status).toBe(200);
    const left = await frames((await t.request('GET', `/resource/avatar?uid=${alice.uid}`)).bytes);
    expect(left.meta.pages).toBe(2);
    for (const m of left.means) expect(m.r).toBeGreaterThan(200);
  });

  it('a channel icon and the logo take the square too; a still image stays PNG', async () => {
    expect(
      (await upload(`/group/${pub}/avatar?crop=150,20,150`, await halves(0), 'image/png', admin)).status,
    ).toBe(200);
    const icon = await t.request('GET', `/resource/group_avatar?gid=${pub}`);
    expect(icon.headers.get('content-type')).toBe('image/png');
    const [m] = (await frames(icon.bytes)).means;
    expect(m!.r).toBeLessThan(40);
    expect(m!.g).toBeGreaterThan(200);

    const logo = await upload(
      '/admin/system/organization/logo?crop=0,0,200',
      await animatedHalves(),
      'image/gif',
      admin,
    );
    expect(logo.status).toBe(200);
    const served = await t.request('GET', '/resource/organization/logo');
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect((await frames(served.bytes)).meta.pages).toBe(2);
  });

  it('a square outside the image or a malformed one is 400 and keeps the old avatar', async () => {
    const before = (await t.request('GET', `/resource/avatar?uid=${alice.uid}`)).bytes;
    for (const crop of ['200,0,150', '0,100,150', '0,0,0', '0,0,301', '-1,0,10', '1,2', 'a,b,c', '1,2,3,4']) {
      const res = await upload(`/user/avatar?crop=${crop}`, await animatedHalves(), 'image/gif');
      expect(res.status, crop).toBe(400);
    }
    expect(Buffer.from((await t.request('GET', `/resource/avatar?uid=${alice.uid}`)).bytes)).toEqual(
      Buffer.from(before),
    );
  });
});
