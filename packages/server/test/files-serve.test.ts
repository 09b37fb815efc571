/**
 * Serving files (API.md §7.2, §15.7): HEAD, Range, ETag, the stored type with nosniff, inline or
 * attachment with an RFC 6266 name, a safe answer for types a browser could run; images with
 * thumbnails, orientation applied and metadata stripped, and pixel bombs refused. Then file
 * messages (§6.1) in history and stream, the admin list and clearing every file.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare, sendChunk, uploadFile } from './support/files.js';
import { BLUE, GREEN, solidPng } from './support/images.js';
import {
  createAdmin,
  createChannel,
  createUser,
  properties,
  useTestServer,
  type TestUser,
} from './support/server.js';
import { chats, streamsClosedAfterEach } from './support/sse.js';

const t = useTestServer({ env: { IMAGE_MAX_PIXELS: '1000000' } });
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let gid: number;
beforeAll(async () => {
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
  bob = await createUser(t, 'bob');
  gid = await createChannel(t, alice, { name: 'files', is_public: false, members: [bob.uid] });
});
const streams = streamsClosedAfterEach();

const get = (p: string, query = '', headers: Record<string, string> = {}, method = 'GET') =>
  t.request(method, `/resource/file?file_path=${encodeURIComponent(p)}${query}`, { headers });

const text = Buffer.from('0123456789abcdefghij');

describe('serving', () => {
  let path: string;
  beforeAll(async () => {
    path = (await uploadFile(t, alice, text, 'Résumé "final".txt', 'text/plain')).path;
  });

  it('GET: bytes, stored type, nosniff, length, ranges accepted, inline with an RFC 6266 name, no token needed', async () => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(text)).toBe(true);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(text.length));
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="R_sum_ _final_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.txt`,
    );
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect((await get(path, '&download=true')).headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('names a file without the invisible and direction-changing characters of its upload name', async () => {
    // U+202E would show "report<RLO>fdp.exe" as "reportexe.pdf"; U+200B and U+0007 show nothing.
    const spoof = await uploadFile(t, alice, text, 'report\u202Efdp\u200B.exe\u0007', 'text/plain');
    expect((await get(spoof.path)).headers.get('content-disposition')).toMatch(
      /^(inline|attachment); filename="reportfdp\.exe"; filename\*=UTF-8''reportfdp\.exe$/,
    );
  });

  it('HEAD has the same headers and no body', async () => {
    const res = await get(path, '', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBe(0);
    expect(res.headers.get('content-length')).toBe(String(text.length));
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('Range: 206 with Content-Range, suffix and open ranges, 416 past the end', async () => {
    const a = await get(path, '', { range: 'bytes=2-5' });
    expect([a.status, a.text, a.headers.get('content-range')]).toEqual([
      206,
      '2345',
      `bytes 2-5/${text.length}`,
    ]);
    expect((await get(path, '', { range: 'bytes=-3' })).text).toBe('hij');
    expect((await get(path, '', { range: 'bytes=15-' })).text).toBe('fghij');
    const past = await get(path, '', { range: 'bytes=100-' });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${text.length}`]);
    expect((await get(path, '', { range: 'pages=1-2' })).status).toBe(200);
  });

  it('ETag and If-None-Match: 304', async () => {
    const etag = (await get(path)).headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await get(path, '', { 'if-none-match': etag });
    expect([again.status, again.bytes.length]).toEqual([304, 0]);
  });

  it('unknown, malformed and dotted paths: 404 or 400; a thumbnail of a non-image is 404', async () => {
    expect((await get('2026/1/1/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await get('2026/1/1/x.y')).status).toBe(400);
    expect((await get('')).status).toBe(400);
    expect((await t.request('GET', '/resource/file')).status).toBe(400);
    expect((await get(path, '&thumbnail=true')).status).toBe(404);
  });

  it('HTML, SVG and XML are attachments with a sandbox, whatever their name says', async () => {
    for (const [name, type, body] of [
      ['page.html', 'text/html', '<html><script>alert(1)</script></html>'],
      ['pic.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['feed.xml', 'application/xml', '<?xml version="1.0"?><a/>'],
    ] as const) {
      const up = await uploadFile(t, alice, Buffer.from(body), name, type);
      const res = await get(up.path);
      expect(res.headers.get('content-disposition'), name).toMatch(/^attachment;/);
      expect(res.headers.get('content-security-policy'), name).toContain('sandbox');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('images', () => {
  it('a rotated JPEG with location: upright size, served upright without metadata, a ≤480 JPEG thumbnail', async () => {
    // 600×300 stored, EXIF orientation 6 (turn 90°): shown 300×600.
    const jpeg = await sharp({ create: { width: 600, height: 300, channels: 3, background: BLUE } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const up = await uploadFile(t, alice, jpeg, 'photo.jpg', 'image/jpeg');
    expect(up.image_properties).toEqual({ width: 300, height: 600 });
    const served = await get(up.path);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-disposition')).toMatch(/^inline;/);
    const meta = await sharp(served.bytes).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([300, 600, undefined, undefined]);
    expect(up.size).toBe(served.bytes.length);
    const thumb = await get(up.path, '&thumbnail=true');
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const tm = await sharp(thumb.bytes).metadata();
    expect([tm.width, tm.height]).toEqual([240, 480]);
  });

  it('a PNG with alpha gets a PNG thumbnail; a GIF gets its size and no thumbnail of its own', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const up = await uploadFile(t, alice, png, 'a.png', 'image/png');
    expect((await get(up.path, '&thumbnail=true')).headers.get('content-type')).toBe('image/png');
    const gif = await sharp(await solidPng(GREEN, 20, 10))
      .gif()
      .toBuffer();
    const g = await uploadFile(t, alice, gif, 'g.gif', 'image/gif');
    expect(g.image_properties).toEqual({ width: 20, height: 10 });
    const served = await get(g.path);
    expect(served.bytes.equals(gif)).toBe(true);
    expect((await get(g.path, '&thumbnail=true')).headers.get('content-type')).toBe('image/gif');
  });

  it('a decompression bomb (more pixels than allowed) is refused by its header', async () => {
    const big = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: GREEN } })
      .png()
      .toBuffer();
    expect(big.length).toBeLessThan(100_000);
    const id = await prepare(t, alice, 'bomb.png', 'image/png');
    const res = await sendChunk(t, alice, id, big, true);
    expect(res.status).toBe(413);
  });
});

describe('file messages', () => {
  it('vocechat/file in a channel: content is the path, properties merged, in stream and history', async () => {
    const up = await uploadFile(t, alice, await solidPng(GREEN, 50, 40), 'green.png', 'image/png');
    const s = await streams.ready(t.url, bob.token);
    const res = await t.request('POST', `/group/${gid}/send`, {
      token: alice.token,
      body: JSON.stringify({ path: up.path }),
      headers: {
        'content-type': 'vocechat/file',
        'x-properties': properties({ local_id: 123, width: 55, name: 'client.png', size: 1 }),
      },
    });
    expect(res.status, res.text).toBe(200);
    const mid = res.json as number;
    const event = await s.waitFor((e) => e.type === 'chat' && e.mid === mid);
    const detail = { type: 'normal', content_type: 'vocechat/file', content: up.path };
    const props = {
      local_id: 123,
      width: 55,
      height: 40,
      name: 'green.png',
      content_type: 'image/png',
      size: up.size,
    };
    expect(event).toMatchObject({ detail: { ...detail, properties: props } });
    const history = await t.request('GET', `/group/${gid}/history`, { token: bob.token });
    expect(history.json.find((m: { mid: number }) => m.mid === mid)).toMatchObject({
      detail: { ...detail, properties: props },
    });
    expect(chats(s.events).length).toBeGreaterThan(0);
  });

  it('vocechat/audio to a user; unknown path, bad JSON → 400; guests cannot prepare', async () => {
    const up = await uploadFile(t, alice, Buffer.from('OggS fake audio'), 'voice.ogg', 'audio/ogg');
    const send = (body: string, type = 'vocechat/audio') =>
      t.request('POST', `/user/${bob.uid}/send`, {
        token: alice.token,
        body,
        headers: { 'content-type': type },
      });
    expect((await send(JSON.stringify({ path: up.path }))).status).toBe(200);
    expect(
      (await send(JSON.stringify({ path: '2026/1/1/00000000-0000-0000-0000-000000000000' }))).status,
    ).toBe(400);
    expect((await send('{not json')).status).toBe(400);
    expect((await send('{}', 'vocechat/file')).status).toBe(400);
  });

  it('GET /admin/system/files lists file messages with filters; DELETE /resource/file/delete clears all', async () => {
    const list = await t.request('GET', '/admin/system/files?page=1&page_size=1000', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.json.length).toBe(2);
    const [audio, image] = list.json;
    expect(audio).toMatchObject({
      from_uid: alice.uid,
      gid: 0,
      content_type: 'application/octet-stream',
      expired: false,
    });
    expect(image).toMatchObject({ gid, ext: 'png', content_type: 'image/png', thumbnail: '' });
    expect(JSON.parse(image.properties)).toMatchObject({ name: 'green.png', content_type: 'image/png' });
    const images = await t.request('GET', '/admin/system/files?file_type=Image', { token: admin.token });
    expect(images.json.map((f: { mid: number }) => f.mid)).toEqual([image.mid]);
    const byGroup = await t.request('GET', `/admin/system/files?gid=0`, { token: admin.token });
    expect(byGroup.json.map((f: { mid: number }) => f.mid)).toEqual([audio.mid]);
    expect(
      (await t.request('GET', '/admin/system/files?page=2&page_size=1', { token: admin.token })).json,
    ).toHaveLength(1);
    expect((await t.request('GET', '/admin/system/files', { token: alice.token })).status).toBe(403);
    expect((await t.request('DELETE', '/resource/file/delete', { token: alice.token })).status).toBe(403);
    expect((await t.request('DELETE', '/resource/file/delete', { token: admin.token })).status).toBe(200);
    expect((await get(image.content)).status).toBe(404);
    const after = await t.request('GET', '/admin/system/files', { token: admin.token });
    expect(after.json.every((f: { expired: boolean }) => f.expired)).toBe(true);
  });
});

describe('deleting file messages', () => {
  it('a file goes with the last message that carries it', async () => {
    const up = await uploadFile(t, alice, Buffer.from('shared twice'), 'twice.txt', 'text/plain');
    const send = async () => {
      const res = await t.request('POST', `/group/${gid}/send`, {
        token: alice.token,
        body: JSON.stringify({ path: up.path }),
        headers: { 'content-type': 'vocechat/file' },
      });
      expect(res.status).toBe(200);
      return res.json as number;
    };
    const first = await send();
    const second = await send();
    expect((await t.request('DELETE', `/message/${first}`, { token: alice.token })).status).toBe(200);
    expect((await get(up.path)).status).toBe(200);
    expect((await t.request('DELETE', `/message/bulk/${second}`, { token: alice.token })).status).toBe(200);
    expect((await get(up.path)).status).toBe(404);
  });
});
