/**
 * A favorite keeps the files of the messages it saved (API.md §8); removing it deletes those files
 * from storage unless a message, an archive or another favorite still holds them (issue 10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobs, type Blobs } from '../src/blobs/index.js';
import { createCastWithChannels } from './support/cast.js';
import { uploadFile } from './support/files.js';
import { GREEN, solidPng } from './support/images.js';
import { useTestServer, type TestUser } from './support/server.js';

/** Local storage that remembers every key written, so a test can look for a file's blobs. */
class RecordingBlobs extends LocalBlobs implements Blobs {
  readonly written: string[] = [];
  override async put(key: string, data: Buffer): Promise<void> {
    this.written.push(key);
    await super.put(key, data);
  }
}

const root = mkdtempSync(path.join(tmpdir(), 'parley-fav-blobs-'));
const blobs = new RecordingBlobs(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));
const t = useTestServer({ blobs });
let alice: TestUser;
let priv: number;
beforeAll(async () => {
  ({ alice, priv } = await createCastWithChannels(t));
});

/** Sends an image as a file message; returns its mid, path and the blob keys written for it. */
async function sendImage(name: string) {
  const before = blobs.written.length;
  const up = await uploadFile(t, alice, await solidPng(GREEN, 64, 48), name, 'image/png');
  const res = await t.request('POST', `/group/${priv}/send`, {
    token: alice.token,
    body: JSON.stringify({ path: up.path }),
    headers: { 'content-type': 'vocechat/file' },
  });
  expect(res.status, res.text).toBe(200);
  // Only what is kept: an image is re-encoded, and the chunk first written is replaced.
  const kept = [];
  for (const key of blobs.written.slice(before)) if (await blobs.get(key)) kept.push(key);
  return { mid: res.json as number, path: up.path, keys: kept };
}
async function save(mids: number[]): Promise<string> {
  const res = await t.request('POST', '/favorite', { token: alice.token, json: { mid_list: mids } });
  expect(res.status, res.text).toBe(200);
  return (res.json as { id: string }).id;
}
async function unsave(id: string) {
  expect((await t.request('DELETE', `/favorite/${id}`, { token: alice.token })).status).toBe(200);
}
async function deleteMessage(mid: number) {
  const res = await t.request('DELETE', `/message/${mid}`, { token: alice.token });
  expect(res.status, res.text).toBe(200);
}
const stored = async (keys: readonly string[]) =>
  (await Promise.all(keys.map((key) => blobs.get(key)))).filter((data) => data !== undefined).length;
const attachment = (id: string, index: number) =>
  t.request('GET', `/favorite/attachment/${alice.uid}/${id}/${index}`);

describe('files kept by favorites', () => {
  it('the file of a deleted message goes when the last favorite holding it is removed', async () => {
    const image = await sendImage('kept.png');
    // The image and its thumbnail.
    expect(image.keys.length).toBeGreaterThanOrEqual(2);
    const first = await save([image.mid]);
    const second = await save([image.mid]);
    await deleteMessage(image.mid);
    expect(await stored(image.keys)).toBe(image.keys.length);
    expect((await attachment(first, 0)).status).toBe(200);

    // Another favorite still holds it.
    await unsave(first);
    expect(await stored(image.keys)).toBe(image.keys.length);
    expect((await attachment(second, 0)).status).toBe(200);

    await unsave(second);
    expect(await stored(image.keys)).toBe(0);
    expect((await attachment(second, 0)).status).toBe(404);
    const served = await t.request('GET', `/resource/file?file_path=${encodeURIComponent(image.path)}`);
    expect(served.status).toBe(404);
  });

  it('removing a favorite keeps the file while its message is still there', async () => {
    const image = await sendImage('still-sent.png');
    await unsave(await save([image.mid]));
    expect(await stored(image.keys)).toBe(image.keys.length);
    const served = await t.request('GET', `/resource/file?file_path=${encodeURIComponent(image.path)}`);
    expect(served.status).toBe(200);

    // Deleting the message then takes the file, as before.
    await deleteMessage(image.mid);
    expect(await stored(image.keys)).toBe(0);
  });

  it('a missing or repeated removal is 404 and deletes nothing', async () => {
    const image = await sendImage('twice.png');
    const id = await save([image.mid]);
    await deleteMessage(image.mid);
    expect(
      (await t.request('DELETE', `/favorite/${crypto.randomUUID()}`, { token: alice.token })).status,
    ).toBe(404);
    expect(await stored(image.keys)).toBe(image.keys.length);
    await unsave(id);
    expect((await t.request('DELETE', `/favorite/${id}`, { token: alice.token })).status).toBe(404);
  });
});
