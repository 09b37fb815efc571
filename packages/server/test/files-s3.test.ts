/**
 * Files on the S3 adapter (s3rver): chunks land in the bucket under the file's id, are served
 * back byte for byte with ranges, thumbnails too, and clearing all files empties the bucket's
 * `files/` prefix. Nothing is written under the data directory.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { S3Blobs } from '../src/blobs/s3.js';
import { uploadFile } from './support/files.js';
import { RED, solidPng } from './support/images.js';
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from './support/s3rver.js';
import {
  createAdmin,
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/server.js';

const BUCKET = 'parley-files';
let s3rver: TestS3 | undefined;
let blobs: S3Blobs | undefined;
let s3: S3Client | undefined;
let t: TestServer | undefined;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  s3rver = await startS3rver(BUCKET);
  const { endpoint } = s3rver;
  blobs = new S3Blobs({
    kind: 's3',
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    ...S3RVER_CREDENTIALS,
  });
  s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  t = await startTestServer({ blobs });
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
});

afterAll(async () => {
  await t?.close();
  blobs?.close();
  s3?.destroy();
  await s3rver?.stop();
});

async function keys(): Promise<string[]> {
  const res = await s3!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'files/' }));
  return (res.Contents ?? []).map((o) => o.Key!);
}

it('a chunked upload and an image are stored in the bucket and served back', async () => {
  const data = Buffer.alloc(2_100_000);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7) & 0xff;
  const up = await uploadFile(t!, alice, data, 'big.bin');
  expect(up.hash).toBe(createHash('sha256').update(data).digest('hex'));
  const fileId = up.path.split('/').pop()!;
  const stored = (await keys()).filter((k) => k.startsWith(`files/${fileId}/`));
  expect(stored).toHaveLength(3);
  const res = await t!.request('GET', `/resource/file?file_path=${up.path}`);
  expect(res.bytes.equals(data)).toBe(true);
  const range = await t!.request('GET', `/resource/file?file_path=${up.path}`, {
    headers: { range: 'bytes=999990-1000009' },
  });
  expect(range.status).toBe(206);
  expect(range.bytes.equals(data.subarray(999_990, 1_000_010))).toBe(true);

  const png = await uploadFile(t!, alice, await solidPng(RED, 900, 600), 'red.png', 'image/png');
  expect(png.image_properties).toEqual({ width: 900, height: 600 });
  const thumb = await t!.request('GET', `/resource/file?file_path=${png.path}&thumbnail=true`);
  expect(thumb.headers.get('content-type')).toBe('image/jpeg');

  // Nothing of the files is on the local disk.
  const local = await readdir(path.join(t!.db.dataDir)).catch(() => []);
  expect(local).not.toContain('blobs');

  expect((await t!.request('DELETE', '/resource/file/delete', { token: admin.token })).status).toBe(200);
  expect(await keys()).toEqual([]);
});
