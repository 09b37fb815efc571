/**
 * A full disk or a failing store (issue 11): the chunk is answered 507, no partial blob and no
 * record of it stays, and the upload resumes once writes work again. Failures are injected into
 * the blob store (mounting a small tmpfs needs privileges the test machines do not give).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { LocalBlobs } from '../src/blobs/index.js';
import { prepare, sendChunk } from './support/files.js';
import { BLUE, solidPng } from './support/images.js';
import { useLocalBlobs } from './support/local-blobs.js';
import { createAdmin, createUser, useTestServer, type TestUser } from './support/server.js';

/** Local blobs whose writes fail with ENOSPC while `full` is set (after writing half a file, as a full disk does). */
class FillingBlobs extends LocalBlobs {
  full = false;
  failWhen: (key: string) => boolean = () => true;
  override async put(key: string, data: Buffer): Promise<void> {
    if (this.full && this.failWhen(key)) {
      await super.put(key, data.subarray(0, data.length >> 1));
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    }
    return super.put(key, data);
  }
}

const { blobs, root } = useLocalBlobs((dir) => new FillingBlobs(dir));
const t = useTestServer({ blobs });
let alice: TestUser;
beforeAll(async () => {
  await createAdmin(t);
  alice = await createUser(t, 'alice');
});

async function storedKeys(fileId: string): Promise<string[]> {
  // Written names and half-written temporaries alike.
  return readdir(path.join(root, 'files', fileId)).catch(() => []);
}

it('a chunk that cannot be written is 507, leaves nothing, and the upload resumes afterwards', async () => {
  const data = Buffer.alloc(1_500_000, 3);
  const id = await prepare(t, alice, 'f.bin');
  expect((await sendChunk(t, alice, id, data.subarray(0, 1_000_000), false)).status).toBe(200);
  blobs.full = true;
  const refused = await sendChunk(t, alice, id, data.subarray(1_000_000), true);
  expect(refused.status).toBe(507);
  expect(refused.text.length).toBeLessThan(100);
  expect(await storedKeys(id)).toHaveLength(1);
  const status = await t.request('GET', `/resource/file/upload?file_id=${id}`, { token: alice.token });
  expect(status.json).toEqual({ received: 1_000_000, chunks: 1, completed: false });
  blobs.full = false;
  const done = await sendChunk(t, alice, id, data.subarray(1_000_000), true, { chunk_offset: '1000000' });
  expect(done.status).toBe(200);
  const served = await t.request('GET', `/resource/file?file_path=${done.json.path}`);
  expect(served.bytes.equals(data)).toBe(true);
});

it('an image whose thumbnail cannot be written is 507 and the upload is gone whole', async () => {
  const id = await prepare(t, alice, 'p.png', 'image/png');
  blobs.full = true;
  blobs.failWhen = (key) => key.includes('/thumb-');
  const res = await sendChunk(t, alice, id, await solidPng(BLUE, 100, 100), true);
  expect(res.status).toBe(507);
  expect(await storedKeys(id)).toEqual([]);
  blobs.full = false;
  const status = await t.request('GET', `/resource/file/upload?file_id=${id}`, { token: alice.token });
  expect(status.status).toBe(400);
});
