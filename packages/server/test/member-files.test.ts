/**
 * The member Files screen (`GET /resource/files`, docs/api.md "Files screen"): every file the caller
 * may read, filtered by membership on the server, with filters and a mid cursor. Outsiders never
 * see a private channel's files nor another pair's DM files.
 */
import type { MemberFile, MemberFilesPage, MessageTarget } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { startCastServer } from './support/cast.js';
import { uploadFile } from './support/files.js';
import { GREEN, solidPng } from './support/images.js';
import type { TestUser } from './support/server.js';

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();

async function sendFile(
  user: TestUser,
  to: MessageTarget,
  data: Buffer,
  name: string,
  type: string,
): Promise<number> {
  const up = await uploadFile(t, user, data, name, type);
  const url = 'gid' in to ? `/group/${to.gid}/send` : `/user/${to.uid}/send`;
  const res = await t.request('POST', url, {
    token: user.token,
    body: JSON.stringify({ path: up.path }),
    headers: { 'content-type': 'vocechat/file' },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as number;
}

async function list(user: TestUser, query = ''): Promise<MemberFilesPage> {
  const res = await t.request('GET', `/resource/files${query}`, { token: user.token });
  expect(res.status, res.text).toBe(200);
  return res.json as MemberFilesPage;
}
const names = (page: MemberFilesPage) => page.files.map((f) => f.name);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
let mids: Record<string, number>;

beforeAll(async () => {
  mids = {};
  mids.photo = await sendFile(alice, { gid: pub }, await solidPng(GREEN, 64, 48), 'Photo.png', 'image/png');
  mids.plan = await sendFile(bob, { gid: priv }, PDF, 'Secret plan.pdf', 'application/pdf');
  mids.adminBob = await sendFile(
    admin,
    { uid: bob.uid },
    Buffer.from('payroll'),
    'payroll.bin',
    'application/octet-stream',
  );
  mids.aliceCarol = await sendFile(alice, { uid: carol.uid }, PDF, 'for carol.pdf', 'application/pdf');
  mids.odd = await sendFile(
    carol,
    { gid: pub },
    Buffer.from([0, 1, 2, 3]),
    '100%_done.bin',
    'application/octet-stream',
  );
});

describe('GET /resource/files', () => {
  it('an outsider sees public channels and their own DMs, never a private channel or another pair', async () => {
    const page = await list(carol);
    expect(names(page)).toEqual(['100%_done.bin', 'for carol.pdf', 'Photo.png']);
    expect(page.next_before).toBeNull();
    const dm = page.files.find((f) => f.mid === mids.aliceCarol)!;
    expect(dm).toEqual<MemberFile>({
      mid: mids.aliceCarol!,
      from_uid: alice.uid,
      created_at: expect.any(Number),
      target: { uid: alice.uid },
      name: 'for carol.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      path: expect.any(String),
      thumbnail: false,
      expired: false,
    });
    const photo = page.files.find((f) => f.mid === mids.photo)!;
    expect(photo).toMatchObject({ target: { gid: pub }, content_type: 'image/png', expired: false });
    expect(photo.path).not.toBe('');
  });

  it('a member sees the private channel and their DMs; the DM target is the other party', async () => {
    expect(names(await list(bob))).toEqual(['100%_done.bin', 'payroll.bin', 'Secret plan.pdf', 'Photo.png']);
    expect((await list(bob)).files.find((f) => f.mid === mids.adminBob)!.target).toEqual({ uid: admin.uid });
    expect((await list(admin)).files.find((f) => f.mid === mids.adminBob)!.target).toEqual({ uid: bob.uid });
    // An administrator is not a member of alice's private channel: not listed for them either.
    expect(names(await list(admin))).toEqual(['100%_done.bin', 'payroll.bin', 'Photo.png']);
  });

  it('filters by kind, sender, channel, DM and name', async () => {
    expect(names(await list(bob, '?kind=image'))).toEqual(['Photo.png']);
    expect(names(await list(bob, '?kind=doc'))).toEqual(['Secret plan.pdf']);
    expect(names(await list(bob, '?kind=other'))).toEqual(['100%_done.bin', 'payroll.bin']);
    expect(names(await list(bob, '?kind=video'))).toEqual([]);
    expect(names(await list(bob, `?from=${admin.uid}`))).toEqual(['payroll.bin']);
    expect(names(await list(bob, `?gid=${priv}`))).toEqual(['Secret plan.pdf']);
    expect(names(await list(alice, `?uid=${carol.uid}`))).toEqual(['for carol.pdf']);
    expect(names(await list(bob, `?uid=${carol.uid}`))).toEqual([]);
    expect(names(await list(bob, '?q=PLAN'))).toEqual(['Secret plan.pdf']);
    // LIKE's wildcards are literal characters in a name search.
    expect(names(await list(bob, `?q=${encodeURIComponent('%')}`))).toEqual(['100%_done.bin']);
    expect(names(await list(bob, '?q=_'))).toEqual(['100%_done.bin']);
    expect(names(await list(bob, `?q=plan&gid=${priv}&kind=doc&from=${bob.uid}`))).toEqual([
      'Secret plan.pdf',
    ]);
  });

  it('a private channel the caller may not read is 403 as a filter, an unknown one 404', async () => {
    const res = await t.request('GET', `/resource/files?gid=${priv}`, { token: carol.token });
    expect(res.status).toBe(403);
    expect((await t.request('GET', '/resource/files?gid=999999', { token: carol.token })).status).toBe(404);
  });

  it('pages with a mid cursor, newest first', async () => {
    const all = await list(bob);
    const seen: string[] = [];
    let before: number | null = null;
    do {
      const page: MemberFilesPage = await list(bob, `?limit=1${before === null ? '' : `&before=${before}`}`);
      expect(page.files.length).toBeLessThanOrEqual(1);
      seen.push(...names(page));
      before = page.next_before;
    } while (before !== null);
    expect(seen).toEqual(names(all));
    const tail = await list(bob, `?before=${mids.plan}`);
    expect(names(tail)).toEqual(['Photo.png']);
  });

  it('refuses bad queries with 400', async () => {
    for (const q of [
      '?kind=pdf',
      '?limit=0',
      '?limit=201',
      '?before=abc',
      '?from=-1',
      '?q=',
      `?q=${'x'.repeat(129)}`,
    ]) {
      const res = await t.request('GET', `/resource/files${q}`, { token: bob.token });
      expect(res.status, q).toBe(400);
    }
    expect((await t.request('GET', '/resource/files')).status).toBe(401);
  });

  it('a deleted message leaves the list', async () => {
    const mid = await sendFile(
      alice,
      { gid: pub },
      Buffer.from('gone'),
      'gone.bin',
      'application/octet-stream',
    );
    expect(names(await list(carol, '?q=gone'))).toEqual(['gone.bin']);
    expect((await t.request('DELETE', `/message/${mid}`, { token: alice.token })).status).toBe(200);
    expect(names(await list(carol, '?q=gone'))).toEqual([]);
  });
});
