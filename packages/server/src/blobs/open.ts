import type { BlobsConfig } from '../config/index.js';
import { LocalBlobs, type Blobs } from './index.js';

/** The S3 adapter is loaded only when configured: the AWS SDK is large and embedded mode needs none of it. */
export async function openBlobs(config: BlobsConfig): Promise<Blobs> {
  if (config.kind === 'local') return new LocalBlobs(config.dir);
  const { S3Blobs } = await import('./s3.js');
  return new S3Blobs(config);
}
