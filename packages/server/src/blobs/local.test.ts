import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobs, assertBlobKey } from './index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'parley-blobs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('LocalBlobs', () => {
  it('passes check(), creating its root if need be', async () => {
    await expect(new LocalBlobs(dir).check()).resolves.toBeUndefined();
    await expect(new LocalBlobs(path.join(dir, 'new', 'root')).check()).resolves.toBeUndefined();
  });

  it('round-trips put, get and delete', async () => {
    const blobs = new LocalBlobs(path.join(dir, 'store'));
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await blobs.put('avatars/user/1.png', bytes);
    expect((await blobs.get('avatars/user/1.png'))?.equals(bytes)).toBe(true);
    await blobs.put('avatars/user/1.png', Buffer.from('newer'));
    expect((await blobs.get('avatars/user/1.png'))?.toString()).toBe('newer');
    await blobs.delete('avatars/user/1.png');
    expect(await blobs.get('avatars/user/1.png')).toBeUndefined();
    await expect(blobs.delete('avatars/user/1.png')).resolves.toBeUndefined();
  });

  it('refuses keys outside the alphabet', async () => {
    const blobs = new LocalBlobs(path.join(dir, 'store'));
    for (const key of ['../x', 'A/B', 'a//b', '', 'a/../b']) {
      expect(() => assertBlobKey(key), key).toThrow(/invalid blob key/);
      await expect(blobs.get(key), key).rejects.toThrow(/invalid blob key/);
    }
    expect(() => assertBlobKey('avatars/user/1.png')).not.toThrow();
  });
});
