/** Local blob stores of a test file's own: a subclass that counts reads or injects failures. */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { LocalBlobs } from '../../src/blobs/index.js';

/**
 * `make(root)` over a fresh temporary folder, removed after the file's tests; pass `blobs` to
 * `useTestServer` (or `startTestServer`). The folder appears with the first write.
 */
export function useLocalBlobs<B extends LocalBlobs>(make: (root: string) => B): { blobs: B; root: string } {
  const root = path.join(tmpdir(), `parley-blobs-${randomUUID()}`);
  afterAll(() => rm(root, { recursive: true, force: true }));
  return { blobs: make(root), root };
}
