/**
 * An S3-compatible server for tests: the `s3rver` package on a free loopback port, with one bucket
 * in a fresh temp directory. It checks access key ids but not signatures, so credential mistakes
 * are not caught here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error TS7016: s3rver ships no type declarations
import S3rver from 's3rver';

export interface TestS3 {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The directory s3rver keeps its objects in (also usable as a scratch DATA_DIR). */
  dir: string;
  /** How many HTTP requests it has received so far. */
  requests(): number;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}

/** s3rver accepts any secret for this key id. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startS3rver(bucket: string): Promise<TestS3> {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  }) as S3rverInstance;
  let requests = 0;
  try {
    const { port } = await server.run();
    server.httpServer.on('request', () => void requests++);
    return {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      dir,
      requests: () => requests,
      async stop() {
        await server.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
