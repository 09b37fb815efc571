/** Blobs in an S3 bucket (AWS or any S3-compatible service), for servers that share no disk. */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BlobsConfig } from '../config/index.js';
import { assertBlobKey, type Blobs } from './index.js';

export type S3BlobsConfig = Extract<BlobsConfig, { kind: 's3' }>;

export class S3Blobs implements Blobs {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3BlobsConfig) {
    const { accessKeyId, secretAccessKey } = config;
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint && { endpoint: config.endpoint }),
      // Without keys the SDK's default chain applies (environment, profile, instance role).
      ...(accessKeyId && secretAccessKey && { credentials: { accessKeyId, secretAccessKey } }),
      // Checksums only where S3 demands them: several S3-compatible services reject the SDK's
      // default extra checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertBlobKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data }));
  }

  async get(key: string): Promise<Buffer | undefined> {
    assertBlobKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = (await res.Body?.transformToByteArray()) ?? new Uint8Array();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      // S3 itself answers 204 for a missing key; some compatible services answer 404.
      if (!isMissing(err)) throw err;
    }
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      // A HEAD error has no body, so the SDK's own message is often just "UnknownError".
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why = status ? `HTTP ${status}` : err instanceof Error ? err.message : String(err);
      throw new Error(`S3 bucket ${this.bucket} is not usable: ${why}`, { cause: err });
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** A missing key, but not a missing bucket: that is a broken setup and must not read as "no blob". */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || (e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket');
}
