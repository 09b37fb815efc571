/** The S3 adapter against s3rver, a real S3-compatible server, on a loopback port of its own. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver is CommonJS and ships no type declarations; S3rverInstance below types what is used.
// @ts-expect-error TS7016
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobs } from './index.js';
import { openBlobs } from './open.js';
import { S3Blobs, type S3BlobsConfig } from './s3.js';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}

const BUCKET = 'parley-test';

let dir: string | undefined;
let server: S3rverInstance | undefined;
let config: S3BlobsConfig;
let blobs: S3Blobs;
/** Every request s3rver has received, to prove some calls never leave the process. */
let requests = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'parley-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  }) as S3rverInstance;
  const { port } = await server.run();
  server.httpServer.on('request', () => requests++);
  config = {
    kind: 's3',
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  blobs = new S3Blobs(config);
});

afterAll(async () => {
  blobs?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
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
    const before = requests;
    for (const key of ['../x', 'A/B', 'a//b', '', 'a/../b', '/a', 'a/']) {
      await expect(blobs.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid blob key/);
      await expect(blobs.get(key), key).rejects.toThrow(/invalid blob key/);
      await expect(blobs.delete(key), key).rejects.toThrow(/invalid blob key/);
    }
    expect(requests).toBe(before);
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
