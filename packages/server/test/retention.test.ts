/**
 * Message retention (docs/api.md "Retention"): administrators set a server default and per-channel
 * days; the retention job deletes older messages as their authors would (a delete record every
 * client receives, pins dropped), with the files only they carried, and never more than once
 * however many nodes run it at the same moment (the `job_leases` row). The clock is the test's.
 */
import type { ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { startCastServer } from './support/cast.js';
import { uploadFile } from './support/files.js';
import { streamsClosedAfterEach } from './support/sse.js';
import { createChannel, login, sendText, type TestUser } from './support/server.js';

const DAY = 86_400_000;
let clock = Date.UTC(2026, 0, 1);
const cast = await startCastServer({ now: () => clock });
const { t, pub, priv } = cast;
let { admin, alice, bob } = cast;
const streams = streamsClosedAfterEach();

/** Moves the clock; access tokens last minutes, so everyone signs in again. */
async function advance(ms: number) {
  clock += ms;
  admin = await login(t, admin.email, admin.password);
  alice = await login(t, alice.email, alice.password);
  bob = await login(t, bob.email, bob.password);
}
const tickAll = () => Promise.all(t.nodes.map((node) => node.retention.tick()));
const setDefault = (user: TestUser, json: unknown) =>
  t.request('PUT', '/admin/system/retention', { token: user.token, json });
const setChannel = (user: TestUser, gid: number | string, json: unknown) =>
  t.request('PUT', `/group/${gid}/retention`, { token: user.token, json });
const say = async (user: TestUser, target: { gid: number } | { uid: number }, text: string) => {
  const res = await sendText(t, user, target, text);
  expect(res.status, res.text).toBe(200);
  return res.json as number;
};
const isDelete = (mid: number) => (e: ServerEvent) =>
  e.type === 'chat' &&
  e.detail.type === 'reaction' &&
  e.detail.mid === mid &&
  e.detail.detail.type === 'delete';

describe('retention settings', () => {
  it('administrators only: a channel owner and members are refused; bad days are 400', async () => {
    expect((await setChannel(alice, priv, { days: 3 })).status).toBe(403);
    expect((await setDefault(alice, { days: 3 })).status).toBe(403);
    expect((await t.request('GET', '/admin/system/retention', { token: bob.token })).status).toBe(403);
    for (const days of [-1, 36_501, 1.5, '3']) {
      expect((await setDefault(admin, { days })).status).toBe(400);
      expect((await setChannel(admin, priv, { days })).status).toBe(400);
    }
    expect((await setChannel(admin, 999_999, { days: 3 })).status).toBe(404);
    const res = await t.request('GET', '/admin/system/retention', { token: admin.token });
    expect(res.json).toEqual({ days: 0 });
  });

  it('a channel follows the server default until it has its own days', async () => {
    expect((await setDefault(admin, { days: 30 })).status).toBe(200);
    const get = () => t.request('GET', `/group/${pub}/retention`, { token: admin.token });
    expect((await get()).json).toEqual({ days: null, effective_days: 30 });
    expect((await setChannel(admin, pub, { days: 0 })).status).toBe(200);
    expect((await get()).json).toEqual({ days: 0, effective_days: 0 });
    expect((await setChannel(admin, pub, { days: null })).status).toBe(200);
    expect((await get()).json).toEqual({ days: null, effective_days: 30 });
    const audit = await t.request('GET', '/admin/audit?action=settings.retention', { token: admin.token });
    expect(audit.json.entries.map((e: { target: string; detail: string }) => [e.target, e.detail])).toEqual([
      [`group:${pub}`, 'server default'],
      [`group:${pub}`, 'keep forever'],
      ['settings:retention', '30 days'],
    ]);
    expect((await setDefault(admin, { days: 0 })).status).toBe(200);
  });
});

describe('the retention job', () => {
  it('deletes by each conversation’s days, once across nodes, with pins and unshared files', async () => {
    const keep = await createChannel(t, admin, { name: 'keep', is_public: true });
    const upload = await uploadFile(t, alice, Buffer.from('old attachment'), 'old.txt', 'text/plain');
    const fileMid = (
      await t.request('POST', `/group/${priv}/send`, {
        token: alice.token,
        body: JSON.stringify({ path: upload.path }),
        headers: { 'content-type': 'vocechat/file' },
      })
    ).json as number;
    const inPriv = await say(bob, { gid: priv }, 'old in inner');
    const inKeep = await say(admin, { gid: keep }, 'old in keep');
    const inDm = await say(alice, { uid: bob.uid }, 'old direct');
    expect(
      (await t.request('POST', `/group/${priv}/pin`, { token: alice.token, json: { mid: inPriv } })).status,
    ).toBe(200);

    await advance(8 * DAY);
    const recent = await say(bob, { gid: priv }, 'recent in inner');
    expect((await setDefault(admin, { days: 30 })).status).toBe(200);
    expect((await setChannel(admin, priv, { days: 7 })).status).toBe(200);
    expect((await setChannel(admin, keep, { days: 0 })).status).toBe(200);

    const watcher = await streams.ready(t.url, bob.token);
    await tickAll(); // every node at once: one holds the lease and works
    await tickAll();
    const barrier = await say(admin, { uid: bob.uid }, 'barrier');
    await watcher.waitFor((e) => e.type === 'chat' && e.mid === barrier);
    // Each message deleted exactly once; the recent one untouched.
    for (const mid of [fileMid, inPriv])
      expect(watcher.events.filter(isDelete(mid)), `deletes of ${mid}`).toHaveLength(1);
    expect(watcher.events.some(isDelete(recent))).toBe(false);
    expect(watcher.events.some(isDelete(inDm))).toBe(false);
    const fileGone = await t.request('GET', `/resource/file?file_path=${encodeURIComponent(upload.path)}`);
    expect(fileGone.status).toBe(404);
    const group = await t.request('GET', `/group/${priv}`, { token: bob.token });
    expect(group.json.pinned_messages).toEqual([]);

    await advance(23 * DAY); // 31 days: the direct message passes the default
    const later = await streams.ready(t.url, bob.token);
    await tickAll();
    const barrier2 = await say(admin, { uid: bob.uid }, 'barrier 2');
    await later.waitFor((e) => e.type === 'chat' && e.mid === barrier2);
    // And the inner channel's recent message, 23 days old now, passes its 7 days.
    for (const mid of [inDm, recent]) expect(later.events.filter(isDelete(mid))).toHaveLength(1);
    const kept = await t.request('GET', `/group/${keep}/history?before=${barrier2}&limit=10`, {
      token: admin.token,
    });
    expect(kept.status, kept.text).toBe(200);
    expect((kept.json as { mid: number; detail: { type: string } }[]).map((m) => m.mid)).toContain(inKeep);
  });
});
