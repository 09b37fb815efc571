/** The S3 adapter against s3rver, a real S3-compatible server, on a loopback port of its own. */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from '../../test/support/s3rver.js';
import { LocalBlobs } from './index.js';
import { openBlobs } from './open.js';
import { S3Blobs, type S3BlobsConfig } from './s3.js';

let s3rver: TestS3 | undefined;
let config: S3BlobsConfig;
let blobs: S3Blobs;

beforeAll(async () => {
  s3rver = await startS3rver('parley-test');
  config = {
    kind: 's3',
    bucket: s3rver.bucket,
    region: 'us-east-1',
    endpoint: s3rver.endpoint,
    ...S3RVER_CREDENTIALS,
    forcePathStyle: true,
  };
  blobs = new S3Blobs(config);
});

afterAll(async () => {
  blobs?.close();
  await s3rver?.stop();
});

describe('S3Blobs', () => {
  it('returns the bytes it was given, text, binary and large', async () => {
    const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const large = randomBytes(2 * 1024 * 1024 + 17);
    await blobs.put('test/text.txt', Buffer.from('hello, bucket'));
    await blobs.put('test/binary.bin', binary);
    await blobs.put('test/large.bin', large);
    expect((await blobs.get('test/text.txt'))?.toString('utf8')).toBe('hello, bucket');
    expect((await blobs.get('test/binary.bin'))?.equals(binary)).toBe(true);
    const got = await blobs.get('test/large.bin');
    expect(got?.length).toBe(large.length);
    expect(got?.equals(large)).toBe(true);
  });

  it('returns the new bytes after an overwrite', async () => {
    await blobs.put('test/overwrite.png', Buffer.from('first'));
    await blobs.put('test/overwrite.png', Buffer.from('second, longer'));
    expect((await blobs.get('test/overwrite.png'))?.toString('utf8')).toBe('second, longer');
  });

  it('returns undefined for a missing key, and after a delete', async () => {
    expect(await blobs.get('test/never-written')).toBeUndefined();
    await blobs.put('test/doomed', Buffer.from('x'));
    expect(await blobs.get('test/doomed')).toBeDefined();
    await blobs.delete('test/doomed');
    expect(await blobs.get('test/doomed')).toBeUndefined();
  });

  it('deletes a missing key without complaint', async () => {
    await expect(blobs.delete('test/never-written')).resolves.toBeUndefined();
  });

  it('refuses invalid keys before sending anything', async () => {
    const before = s3rver!.requests();
    for (const key of ['../x', 'A/B', 'a//b', '', 'a/../b', '/a', 'a/']) {
      await expect(blobs.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid blob key/);
      await expect(blobs.get(key), key).rejects.toThrow(/invalid blob key/);
      await expect(blobs.delete(key), key).rejects.toThrow(/invalid blob key/);
    }
    expect(s3rver!.requests()).toBe(before);
  });

  it('passes check() for its bucket and fails it for a bucket that does not exist', async () => {
    await expect(blobs.check()).resolves.toBeUndefined();
    const missing = new S3Blobs({ ...config, bucket: 'no-such-bucket' });
    try {
      await expect(missing.check()).rejects.toThrow(/no-such-bucket is not usable/);
      // A missing bucket is a broken setup, not a missing blob.
      await expect(missing.get('test/text.txt')).rejects.toThrow();
    } finally {
      missing.close();
    }
  });
});

describe('openBlobs', () => {
  it('opens the adapter the config names', async () => {
    expect(await openBlobs({ kind: 'local', dir: path.join(tmpdir(), 'unused') })).toBeInstanceOf(LocalBlobs);
    const s3 = await openBlobs(config);
    expect(s3).toBeInstanceOf(S3Blobs);
    (s3 as S3Blobs).close();
  });
});
