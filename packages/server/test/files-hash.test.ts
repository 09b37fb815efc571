/**
 * The upload's `hash` (API.md §7.1) is computed as the chunks arrive (services/files/running-hash.ts):
 * the last chunk does not read the file back from storage. When the running hash does not cover
 * the stored chunks (a restart, another node took a chunk, an out-of-order or forgotten state), the
 * file is read back once and the answer is the same.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobs } from '../src/blobs/index.js';
import { RunningHashes, runningHashes } from '../src/services/files/running-hash.js';
import { prepare, sendChunk } from './support/files.js';
import { GREEN, solidPng } from './support/images.js';
import { useLocalBlobs } from './support/local-blobs.js';
import { createAdmin, createUser, useTestServer, type TestUser } from './support/server.js';

/** Local blobs that count reads of upload chunks. */
class CountingBlobs extends LocalBlobs {
  chunkReads = 0;
  override async get(key: string): Promise<Buffer | undefined> {
    if (key.startsWith('files/')) this.chunkReads++;
    return super.get(key);
  }
}

const { blobs } = useLocalBlobs((dir) => new CountingBlobs(dir));
const t = useTestServer({ blobs });
let alice: TestUser;
beforeAll(async () => {
  await createAdmin(t);
  alice = await createUser(t, 'alice');
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytes = (n: number, seed: number) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 131 + seed) & 0xff;
  return b;
};
/** One node sees every chunk only outside the `cluster` project (nginx spreads requests there). */
const oneNode = () => t.nodes.length === 1;

async function upload(data: Buffer, id: string, from = 0) {
  let last;
  for (let at = from; at < data.length; at += 1_000_000) {
    const part = data.subarray(at, at + 1_000_000);
    last = await sendChunk(t, alice, id, part, at + 1_000_000 >= data.length);
    expect(last.status).toBe(200);
  }
  return last!;
}

describe('the upload hash', () => {
  it('is the SHA-256 of the bytes and the last chunk reads nothing back', async () => {
    const data = bytes(3_400_000, 7);
    const id = await prepare(t, alice, 'big.bin');
    const before = blobs.chunkReads;
    const last = await upload(data, id);
    expect(last.json).toMatchObject({ size: data.length, hash: sha(data) });
    if (oneNode()) expect(blobs.chunkReads - before).toBe(0);
  });

  it('an upload that resumes without the running state is read back once and gives the same hash', async () => {
    const data = bytes(2_500_000, 9);
    const id = await prepare(t, alice, 'resumed.bin');
    expect((await sendChunk(t, alice, id, data.subarray(0, 1_000_000), false)).status).toBe(200);
    // As after a restart: this node no longer has the state.
    for (const node of t.nodes) runningHashes(node.ctx.blobs).forget(id);
    const before = blobs.chunkReads;
    const last = await upload(data, id, 1_000_000);
    expect(last.json).toMatchObject({ size: data.length, hash: sha(data) });
    if (oneNode()) expect(blobs.chunkReads - before).toBe(3);
  });

  it('an image that is re-encoded answers the hash of the stored bytes', async () => {
    const png = await solidPng(GREEN, 64, 48);
    const id = await prepare(t, alice, 'p.png', 'image/png');
    const last = await sendChunk(t, alice, id, png, true);
    expect(last.status).toBe(200);
    const got = await t.request('GET', `/resource/file?file_path=${encodeURIComponent(last.json.path)}`);
    expect(last.json.hash).toBe(sha(got.bytes));
    expect(last.json.size).toBe(got.bytes.length);
  });

  it('an empty file hashes as empty', async () => {
    const id = await prepare(t, alice, 'empty.bin');
    const last = await sendChunk(t, alice, id, Buffer.alloc(0), true);
    expect(last.json).toMatchObject({ size: 0, hash: sha(Buffer.alloc(0)) });
  });
});

describe('RunningHashes', () => {
  it('gives the digest only for exactly the chunks it saw, in order', () => {
    const h = new RunningHashes();
    const a = Buffer.from('abc');
    const b = Buffer.from('def');
    h.add('f', 0, a);
    h.add('f', 1, b);
    expect(h.take('f', 2)).toBe(sha(Buffer.concat([a, b])));
    expect(h.take('f', 2)).toBeUndefined();
    h.add('g', 0, a);
    h.add('g', 2, b); // chunk 1 went elsewhere
    expect(h.take('g', 3)).toBeUndefined();
    h.add('k', 0, a);
    expect(h.take('k', 2)).toBeUndefined();
    expect(h.size).toBe(0);
  });

  it('drops the least recently fed upload beyond its bound', () => {
    const h = new RunningHashes(2);
    h.add('a', 0, Buffer.from('1'));
    h.add('b', 0, Buffer.from('2'));
    h.add('a', 1, Buffer.from('3'));
    h.add('c', 0, Buffer.from('4'));
    expect(h.size).toBe(2);
    expect(h.take('b', 1)).toBeUndefined();
    expect(h.take('a', 2)).toBe(sha(Buffer.from('13')));
    expect(h.take('c', 1)).toBe(sha(Buffer.from('4')));
  });
});
