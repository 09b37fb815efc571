/**
 * Archive attachments (API.md §7.3, §8; issue 10): a forwarded or saved file message carries its
 * file (and an image's thumbnail) as attachments, which the receivers read without a token through
 * the archive's path, and the favorite's owner through the favorite's route; the copy outlives the
 * original message's deletion.
 */
import type { Archive } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCastWithChannels } from './support/cast.js';
import { uploadFile } from './support/files.js';
import { GREEN, solidPng } from './support/images.js';
import { useTestServer, type TestUser } from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

const t = useTestServer();
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let priv: number;
beforeAll(async () => {
  ({ alice, bob, carol, priv } = await createCastWithChannels(t));
});

const streams = streamsClosedAfterEach();

async function sendFile(user: TestUser, gid: number, data: Buffer, name: string, type: string) {
  const up = await uploadFile(t, user, data, name, type);
  const res = await t.request('POST', `/group/${gid}/send`, {
    token: user.token,
    body: JSON.stringify({ path: up.path }),
    headers: { 'content-type': 'vocechat/file' },
  });
  expect(res.status, res.text).toBe(200);
  return { mid: res.json as number, path: up.path };
}

const attachment = (path: string, id: number | string, extra = '') =>
  t.request('GET', `/resource/archive/attachment?file_path=${path}&attachment_id=${id}${extra}`);

describe('archive attachments', () => {
  it('a forwarded file and image: attachments in the archive, readable by the receiver without a token', async () => {
    const doc = Buffer.from('quarterly numbers');
    const png = await solidPng(GREEN, 64, 48);
    const file = await sendFile(alice, priv, doc, 'numbers.txt', 'text/plain');
    const image = await sendFile(alice, priv, png, 'green.png', 'image/png');
    const made = await t.request('POST', '/resource/archive', {
      token: alice.token,
      json: { mid_list: [image.mid, file.mid] },
    });
    expect(made.status, made.text).toBe(200);
    const path = made.json as string;

    // Carol is not in the private channel; the forward gives her the archive and its files.
    const s = await streams.ready(t.url, carol.token);
    const fwd = await t.request('POST', `/user/${carol.uid}/send`, {
      token: alice.token,
      body: path,
      headers: { 'content-type': 'vocechat/archive', 'x-properties': '' },
    });
    expect(fwd.status, fwd.text).toBe(200);
    await s.waitFor((e) => e.type === 'chat' && e.mid === fwd.json);

    const read = await t.request('GET', `/resource/archive?file_path=${path}`);
    const archive = read.json as Archive;
    expect(archive.num_attachments).toBe(3);
    const [first, second] = archive.messages;
    expect(first).toMatchObject({ mid: file.mid, content: null, content_type: 'vocechat/file' });
    expect(first!.properties).toMatchObject({ name: 'numbers.txt', content_type: 'text/plain' });
    expect(second).toMatchObject({ mid: image.mid, content: null });
    expect(first!.thumbnail_id).toBeNull();
    expect(second!.thumbnail_id).not.toBeNull();

    const docRes = await attachment(path, first!.file_id!);
    expect(docRes.status).toBe(200);
    expect(docRes.bytes.equals(doc)).toBe(true);
    expect(docRes.headers.get('content-type')).toContain('text/plain');
    const imageRes = await attachment(path, second!.file_id!);
    expect(imageRes.bytes.equals(png)).toBe(true);
    const thumb = await attachment(path, second!.thumbnail_id!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\//);
    const download = await attachment(path, first!.file_id!, '&download=true');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    // Ranges work as for /resource/file; an unencoded slash inside file_path is accepted (§15.7).
    const range = await t.request(
      'GET',
      `/resource/archive/attachment?file_path=${path}&attachment_id=${first!.file_id}`,
      { headers: { range: 'bytes=0-8' } },
    );
    expect(range.status).toBe(206);
    expect(range.text).toBe('quarterly');

    // Deleting the original keeps the forwarded copy.
    expect((await t.request('DELETE', `/message/${file.mid}`, { token: alice.token })).status).toBe(200);
    expect((await attachment(path, first!.file_id!)).bytes.equals(doc)).toBe(true);
    expect((await t.request('GET', `/resource/file?file_path=${file.path}`)).status).toBe(200);
  });

  it('404 for an unknown archive or index, 400 for a bad query; nothing else is served', async () => {
    const file = await sendFile(alice, priv, Buffer.from('x'), 'x.txt', 'text/plain');
    const made = await t.request('POST', '/resource/archive', {
      token: alice.token,
      json: { mid_list: [file.mid] },
    });
    const path = made.json as string;
    expect((await attachment(path, 1)).status).toBe(404);
    expect((await attachment('2026/1/1/00000000-0000-4000-8000-000000000000', 0)).status).toBe(404);
    expect((await attachment('a.b', 0)).status).toBe(400);
    expect((await attachment(path, -1)).status).toBe(400);
    expect((await attachment(path, 'x')).status).toBe(400);
    expect((await t.request('GET', `/resource/archive/attachment?file_path=${path}`)).status).toBe(400);
    // Someone who cannot read the message cannot archive it, so never gets its file.
    const refused = await t.request('POST', '/resource/archive', {
      token: carol.token,
      json: { mid_list: [file.mid] },
    });
    expect(refused.status).toBe(403);
  });

  it('a saved file: the owner reads it by uid, favorite id and index; a wrong uid or id is 404', async () => {
    const data = Buffer.from('keep me');
    const file = await sendFile(alice, priv, data, 'keep.txt', 'text/plain');
    const fav = await t.request('POST', '/favorite', { token: bob.token, json: { mid_list: [file.mid] } });
    expect(fav.status, fav.text).toBe(200);
    const { id } = fav.json as { id: string };
    const saved = (await t.request('GET', `/favorite/${id}`, { token: bob.token })).json as Archive;
    expect(saved.num_attachments).toBe(1);
    const index = saved.messages[0]!.file_id!;
    const res = await t.request('GET', `/favorite/attachment/${bob.uid}/${id}/${index}`);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(data)).toBe(true);
    expect((await t.request('GET', `/favorite/attachment/${alice.uid}/${id}/${index}`)).status).toBe(404);
    expect((await t.request('GET', `/favorite/attachment/${bob.uid}/${id}/${index + 1}`)).status).toBe(404);
    expect(
      (await t.request('GET', `/favorite/attachment/${bob.uid}/00000000-0000-4000-8000-000000000000/0`))
        .status,
    ).toBe(404);
    // Removing the favorite removes its attachments.
    expect((await t.request('DELETE', `/favorite/${id}`, { token: bob.token })).status).toBe(200);
    expect((await t.request('GET', `/favorite/attachment/${bob.uid}/${id}/${index}`)).status).toBe(404);
  });
});
