/**
 * Uploads (API.md §7.1, §15.7): prepare and chunks, the literal `null` of intermediate chunks, the
 * last chunk's answer, the size limit at the crossing chunk, types from the bytes, resuming after
 * an interruption, abandoned uploads, and that nothing of a request becomes a storage path.
 */
import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepAbandonedUploads } from '../src/services/files/upload.js';
import { chunkBody, prepare, sendChunk, uploadFile } from './support/files.js';
import { GREEN, solidPng } from './support/images.js';
import { createAdmin, createUser, login, useTestServer, type TestUser } from './support/server.js';

const MAX = 2_500_000;
const t = useTestServer({ env: { FILE_MAX_BYTES: String(MAX) }, now: () => clock });
let alice: TestUser;
let bob: TestUser;
let clock = Date.UTC(2026, 0, 5, 10);
beforeAll(async () => {
  await createAdmin(t);
  alice = await createUser(t, 'alice');
  bob = await createUser(t, 'bob');
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytes = (n: number, seed = 1) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed) & 0xff;
  return b;
};
const download = (p: string, query = '') =>
  t.request('GET', `/resource/file?file_path=${encodeURIComponent(p)}${query}`);

describe('upload', () => {
  it('prepare answers a JSON string id; one small chunk answers path, size, hash and no image properties', async () => {
    const data = Buffer.from('hello, files\n');
    const res = await t.request('POST', '/resource/file/prepare', {
      token: alice.token,
      json: { content_type: 'text/plain', filename: 'hello.txt' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^"[0-9a-f-]{36}"$/);
    const last = await sendChunk(t, alice, res.json as string, data, true);
    expect(last.status).toBe(200);
    expect(last.json).toEqual({
      path: expect.stringMatching(/^2026\/1\/5\/[0-9a-f-]{36}$/),
      size: data.length,
      hash: sha(data),
      image_properties: null,
    });
    expect(last.json.path).not.toContain('.');
    const got = await download(last.json.path);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(data)).toBe(true);
    expect(got.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('intermediate chunks answer the literal null; the file is the chunks in order', async () => {
    const data = bytes(2_300_000);
    const id = await prepare(t, alice, 'big.bin');
    const a = await sendChunk(t, alice, id, data.subarray(0, 1_000_000), false);
    expect([a.status, a.text]).toEqual([200, 'null']);
    const b = await sendChunk(t, alice, id, data.subarray(1_000_000, 2_000_000), false);
    expect(b.text).toBe('null');
    const c = await sendChunk(t, alice, id, data.subarray(2_000_000), true);
    expect(c.json).toMatchObject({ size: data.length, hash: sha(data) });
    expect((await download(c.json.path)).bytes.equals(data)).toBe(true);
  });

  it('a chunk over 1,000,000 bytes is 413', async () => {
    const id = await prepare(t, alice, 'x.bin');
    const res = await sendChunk(t, alice, id, bytes(1_000_001), true);
    expect(res.status).toBe(413);
  });

  it('the chunk that crosses the maximum size is 413 and the upload is gone', async () => {
    const id = await prepare(t, alice, 'huge.bin');
    expect((await sendChunk(t, alice, id, bytes(1_000_000), false)).status).toBe(200);
    expect((await sendChunk(t, alice, id, bytes(1_000_000), false)).status).toBe(200);
    const crossing = await sendChunk(t, alice, id, bytes(600_000), true);
    expect(crossing.status).toBe(413);
    expect((await sendChunk(t, alice, id, bytes(10), true)).status).toBe(400);
  });

  it('bad input: unknown, empty or someone else’s file_id, missing parts, not multipart → 400; no token → 401', async () => {
    expect((await sendChunk(t, alice, '00000000-0000-0000-0000-000000000000', bytes(5), true)).status).toBe(
      400,
    );
    expect((await sendChunk(t, alice, '', bytes(5), true)).status).toBe(400);
    const bobs = await prepare(t, bob, 'b.bin');
    expect((await sendChunk(t, alice, bobs, bytes(5), true)).status).toBe(400);
    const id = await prepare(t, alice, 'a.bin');
    const noData = await t.request('POST', '/resource/file/upload', {
      token: alice.token,
      body: `--x\r\ncontent-disposition: form-data; name="file_id"\r\n\r\n${id}\r\n--x--\r\n`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(noData.status).toBe(400);
    const broken = await t.request('POST', '/resource/file/upload', {
      token: alice.token,
      body: '--x\r\ncontent-disposition: form-data; name="file_id"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
    const json = await t.request('POST', '/resource/file/upload', {
      token: alice.token,
      json: { file_id: id },
    });
    expect([400, 415]).toContain(json.status);
    const anon = await t.request('POST', '/resource/file/upload', chunkBody(id, bytes(5), true));
    expect(anon.status).toBe(401);
    expect((await t.request('POST', '/resource/file/prepare', { json: {} })).status).toBe(401);
  });

  it('the type comes from the bytes: a PNG sent as text is an image, HTML sent as a PNG is not', async () => {
    const png = await solidPng(GREEN, 40, 30);
    const asText = await uploadFile(t, alice, png, 'notes.txt', 'text/plain');
    expect(asText.image_properties).toEqual({ width: 40, height: 30 });
    expect((await download(asText.path)).headers.get('content-type')).toBe('image/png');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const fake = await uploadFile(t, alice, html, 'cat.png', 'image/png');
    expect(fake.image_properties).toBeNull();
    const served = await download(fake.path);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('an interrupted upload resumes after its last stored chunk (status, offset)', async () => {
    const data = bytes(2_200_000, 7);
    const id = await prepare(t, alice, 'resume.bin');
    await sendChunk(t, alice, id, data.subarray(0, 1_000_000), false);
    // The second chunk's connection is cut half-way: nothing of it is stored.
    const cut = chunkBody(id, data.subarray(1_000_000, 2_000_000), false);
    await fetch(`${t.url}/api/resource/file/upload`, {
      method: 'POST',
      headers: { ...cut.headers, 'x-api-key': alice.token },
      body: new Uint8Array(cut.body.subarray(0, 500_000)),
    }).catch(() => undefined);
    const status = await t.request('GET', `/resource/file/upload?file_id=${id}`, { token: alice.token });
    expect(status.json).toEqual({ received: 1_000_000, chunks: 1, completed: false });
    const wrong = await sendChunk(t, alice, id, data.subarray(0, 1_000_000), false, { chunk_offset: '0' });
    expect(wrong.status).toBe(409);
    await sendChunk(t, alice, id, data.subarray(1_000_000, 2_000_000), false, { chunk_offset: '1000000' });
    const last = await sendChunk(t, alice, id, data.subarray(2_000_000), true, { chunk_offset: '2000000' });
    expect(last.json).toMatchObject({ size: data.length, hash: sha(data) });
    expect((await download(last.json.path)).bytes.equals(data)).toBe(true);
    expect((await t.request('GET', `/resource/file/upload?file_id=${id}`, { token: bob.token })).status).toBe(
      400,
    );
  });

  it('abandoned uploads are deleted after the timeout; finished files stay', async () => {
    const kept = await uploadFile(t, alice, bytes(1000), 'kept.bin');
    const id = await prepare(t, alice, 'left.bin');
    await sendChunk(t, alice, id, bytes(1_000_000), false);
    clock += 299_000;
    expect(await sweepAbandonedUploads(t.server.ctx)).toBe(0);
    clock += 2_000;
    expect(await sweepAbandonedUploads(t.server.ctx)).toBeGreaterThanOrEqual(1);
    // Access tokens live five minutes: sign in again on the moved clock.
    alice = await login(t, alice.email, alice.password);
    expect((await sendChunk(t, alice, id, bytes(10), true)).status).toBe(400);
    expect((await download(kept.path)).status).toBe(200);
  });
});

describe('paths never leave the store', () => {
  it('traversal, encoded, absolute and NUL paths are 400 or 404, and a canary beside the store is never served', async () => {
    const canary = 'CANARY-beside-the-store';
    const dataDir = t.db.dataDir;
    await writeFile(path.join(dataDir, 'canary.txt'), canary);
    await writeFile(path.join(dataDir, 'canary'), canary);
    const real = await uploadFile(t, alice, Buffer.from('real'), 'r.txt', 'text/plain');
    const attempts = [
      '../canary.txt',
      '../../canary',
      '..%2Fcanary',
      '%2e%2e/canary',
      `${real.path}/../../../../../canary`,
      '/etc/passwd',
      path.join(dataDir, 'canary'),
      'blobs/../canary',
      `${real.path}\u0000`,
      '2026/1/5/../../../../canary',
      'canary',
      '',
    ];
    for (const p of attempts) {
      for (const extra of ['', '&thumbnail=true', '&download=true']) {
        const res = await t.request('GET', `/resource/file?file_path=${encodeURIComponent(p)}${extra}`);
        expect([400, 404], `${p}${extra}`).toContain(res.status);
        expect(res.text).not.toContain(canary);
      }
    }
    // The raw query, not encoded by us.
    const raw = await fetch(`${t.url}/api/resource/file?file_path=../../canary`);
    expect([400, 404]).toContain(raw.status);
    expect(await raw.text()).not.toContain(canary);
    // Storage holds ids only.
    const stored = await readdir(path.join(dataDir, 'blobs', 'files'));
    for (const name of stored) expect(name).toMatch(/^[0-9a-f-]{36}$/);
  });
});
