/**
 * Avatars through the API with S3 blobs: the upload lands in a real S3-compatible bucket (s3rver on
 * a loopback port) and is served from there, not from the data directory.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobKeys } from '../src/blobs/index.js';
import { openBlobs } from '../src/blobs/open.js';
import { S3Blobs } from '../src/blobs/s3.js';
import { loadConfig } from '../src/config/index.js';
import { GREEN, RED, inspectImage, solidPng } from './support/images.js';
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from './support/s3rver.js';
import { createAdmin, createUser, startTestServer, type TestServer } from './support/server.js';

const BUCKET = 'parley-avatars';

let s3rver: TestS3 | undefined;
let dir: string | undefined;
let blobs: S3Blobs | undefined;
let s3: S3Client | undefined;
let t: TestServer | undefined;

beforeAll(async () => {
  s3rver = await startS3rver(BUCKET);
  dir = s3rver.dir;
  const { endpoint } = s3rver;

  // The settings an operator would give, read the way main.ts reads them.
  const config = loadConfig({
    DATA_DIR: dir,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  }).blobs;
  expect(config).toMatchObject({ kind: 's3', forcePathStyle: true });
  const opened = await openBlobs(config);
  expect(opened).toBeInstanceOf(S3Blobs);
  blobs = opened as S3Blobs;
  await blobs.check();

  s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  t = await startTestServer({ blobs });
  await createAdmin(t);
});

afterAll(async () => {
  await t?.close();
  blobs?.close();
  s3?.destroy();
  await s3rver?.stop();
});

async function objectInBucket(key: string): Promise<Buffer> {
  const res = await s3!.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

describe('avatars on S3 blobs', () => {
  it('stores the upload in the bucket and serves it from there', async () => {
    const user = await createUser(t!, 'bucketeer');
    const key = blobKeys.userAvatar(user.uid);
    const upload = (png: Buffer) =>
      t!.request('POST', '/user/avatar', {
        token: user.token,
        body: png,
        headers: { 'content-type': 'image/png' },
      });

    expect((await upload(await solidPng(RED, 300, 200))).status).toBe(200);
    const stored = await objectInBucket(key);
    expect(await inspectImage(stored)).toMatchObject({ format: 'png', width: 256, height: 256, mean: RED });
    const served = await t!.request('GET', `/resource/avatar?uid=${user.uid}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.bytes.equals(stored)).toBe(true);
    // Nothing went to the local blob directory the server would otherwise use.
    await expect(stat(path.join(t!.db.dataDir, 'blobs', key))).rejects.toMatchObject({ code: 'ENOENT' });

    // A new avatar replaces the object, and the server serves the replacement.
    expect((await upload(await solidPng(GREEN))).status).toBe(200);
    const replaced = await objectInBucket(key);
    expect((await inspectImage(replaced)).mean).toEqual(GREEN);
    const servedAgain = await t!.request('GET', `/resource/avatar?uid=${user.uid}`);
    expect(servedAgain.bytes.equals(replaced)).toBe(true);
  });
});
