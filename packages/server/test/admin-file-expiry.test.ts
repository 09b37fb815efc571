/**
 * File auto-delete (`max_file_expiry_mode`, API.md §3): once set, files older than the period are
 * deleted by the retention job (one node at a time, `job_leases`); newer ones stay; `Off` keeps all.
 */
import type { UploadedFile } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from './support/files.js';
import { createAdmin, createUser, login, useTestServer, type TestUser } from './support/server.js';

const DAY = 86_400_000;
let clock = Date.UTC(2026, 0, 1);
const t = useTestServer({ now: () => clock });
let admin: TestUser;
let alice: TestUser;
beforeAll(async () => {
  admin = await createAdmin(t);
  alice = await createUser(t, 'alice');
});

const fetchFile = (file: UploadedFile) =>
  t.request('GET', `/resource/file?file_path=${encodeURIComponent(file.path)}`);
/** Moves the clock; access tokens last minutes, so both sign in again. */
async function advance(ms: number) {
  clock += ms;
  alice = await login(t, alice.email, alice.password);
  admin = await login(t, admin.email, admin.password);
}
const setMode = async (mode: string) =>
  expect(
    (
      await t.request('PUT', '/admin/system/common', {
        token: admin.token,
        json: { max_file_expiry_mode: mode },
      })
    ).status,
  ).toBe(200);
const tickAll = () => Promise.all(t.nodes.map((node) => node.fileRetention.tick()));

describe('file auto-delete', () => {
  it('keeps everything while Off, then deletes only files older than the period', async () => {
    const old = await uploadFile(t, alice, Buffer.from('old file'), 'old.txt', 'text/plain');
    await advance(5 * DAY);
    const recent = await uploadFile(t, alice, Buffer.from('recent file'), 'recent.txt', 'text/plain');
    await advance(12 * 60 * 60 * 1000);

    await setMode('Off');
    await tickAll();
    expect((await fetchFile(old)).status).toBe(200);

    await setMode('Day1');
    await tickAll();
    expect((await fetchFile(old)).status).toBe(404);
    expect((await fetchFile(recent)).status).toBe(200);

    await advance(DAY);
    await tickAll();
    expect((await fetchFile(recent)).status).toBe(404);
  });
});
