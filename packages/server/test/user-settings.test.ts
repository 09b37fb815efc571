/**
 * A user's conversation settings (API.md §4.3, §9.3): mute with expiry, pinned chats and burn
 * after reading — stored, in the initial `user_settings` of a fresh device, sent live to the
 * user's other devices only (never to the device that made the change, never to anyone else),
 * and burn-after-reading messages deleted by the server for everyone when due.
 */
import type { ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { login, sendText, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach, type TestStream } from './support/sse.js';

let now = Date.now();
const { t, pub, priv, ...cast } = await startCastServer({ now: () => now });
let { alice, bob, carol } = cast;
let alice2 = await login(t, alice.email, alice.password);

/** Access tokens last 5 minutes of the test clock: after moving it, everyone signs in again. */
async function relogin() {
  const again = (u: TestUser) => login(t, u.email, u.password, u.device);
  [alice, alice2, bob, carol] = await Promise.all([again(alice), again(alice2), again(bob), again(carol)]);
}

const streams = streamsClosedAfterEach();
const ready = (user: TestUser) => streams.ready(t.url, user.token);
const post = (user: TestUser, path: string, json: unknown) =>
  t.request('POST', path, { token: user.token, json });
type Changed = Extract<ServerEvent, { type: 'user_settings_changed' }>;
type Settings = Extract<ServerEvent, { type: 'user_settings' }>;
const changed = (e: ServerEvent): e is Changed => e.type === 'user_settings_changed';

async function initialSettings(user: TestUser): Promise<Settings> {
  const s = await ready(user);
  const settings = s.events.find((e): e is Settings => e.type === 'user_settings');
  s.close();
  return settings!;
}

/** Proves `s` got nothing of kind `user_settings_changed` up to a later marker event. */
async function noSettingsChange(s: TestStream, marker: () => Promise<unknown>) {
  await marker();
  expect(s.events.filter(changed)).toEqual([]);
}

describe('mute', () => {
  it('mutes a DM for good and a channel for an hour: 200, other devices told, a fresh device sees it', async () => {
    const [own, other, stranger] = await Promise.all([ready(alice), ready(alice2), ready(bob)]);
    const res = await post(alice, '/user/mute', {
      add_users: [{ uid: bob.uid }],
      add_groups: [{ gid: priv, expired_in: 3600 }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');
    const event = await other.waitFor(changed);
    expect(event).toEqual({
      type: 'user_settings_changed',
      from_device: alice.device,
      add_mute_users: [{ uid: bob.uid, expired_at: null }],
      remove_mute_users: [],
      add_mute_groups: [{ gid: priv, expired_at: now + 3_600_000 }],
      remove_mute_groups: [],
      read_index_users: [],
      read_index_groups: [],
      burn_after_reading_users: [],
      burn_after_reading_groups: [],
    });
    // The originating device and other users hear nothing (a later event of their own proves it).
    await noSettingsChange(own, async () => {
      await sendText(t, bob, { gid: priv }, 'marker');
      await own.waitFor((e) => e.type === 'chat' && e.from_uid === bob.uid);
    });
    await noSettingsChange(stranger, () => stranger.waitFor((e) => e.type === 'chat'));

    const settings = await initialSettings(alice);
    expect(settings.mute_users).toEqual([{ uid: bob.uid, expired_at: null }]);
    expect(settings.mute_groups).toEqual([{ gid: priv, expired_at: now + 3_600_000 }]);
    expect((await initialSettings(bob)).mute_users).toEqual([]);
  });

  it('an expired mute is gone from the initial settings; unmuting removes it', async () => {
    now += 3_600_001;
    await relogin();
    expect((await initialSettings(alice)).mute_groups).toEqual([]);
    const other = await ready(alice2);
    expect((await post(alice, '/user/mute', { remove_users: [bob.uid] })).status).toBe(200);
    const event = await other.waitFor(changed);
    expect(event.remove_mute_users).toEqual([bob.uid]);
    expect(event.add_mute_users).toEqual([]);
    expect((await initialSettings(alice)).mute_users).toEqual([]);
  });

  it('400 for oneself, an unknown user or a channel the user cannot read, and nothing changes', async () => {
    const other = await ready(alice2);
    for (const body of [
      { add_users: [{ uid: alice.uid }] },
      { add_users: [{ uid: 999_999 }] },
      { add_groups: [{ gid: 999_999 }] },
      { add_users: [{ uid: bob.uid }], add_groups: [{ gid: priv, expired_in: -1 }] },
    ]) {
      const res = await post(alice, '/user/mute', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(carol, '/user/mute', { add_groups: [{ gid: priv }] })).status).toBe(400);
    // Carol may mute the public channel.
    expect((await post(carol, '/user/mute', { add_groups: [{ gid: pub }] })).status).toBe(200);
    await noSettingsChange(other, async () => {
      await sendText(t, bob, { uid: alice.uid }, 'marker 2');
      await other.waitFor(
        (e) => e.type === 'chat' && e.detail.type === 'normal' && e.detail.content === 'marker 2',
      );
    });
    expect((await initialSettings(alice)).mute_users).toEqual([]);
  });
});

describe('pinned chats', () => {
  it('pins a channel and a DM, newest first in the initial settings; unpin tells the other devices', async () => {
    const other = await ready(alice2);
    expect((await post(alice, '/user/pin_chat', { target: { gid: priv } })).status).toBe(200);
    const first = await other.waitFor(changed);
    expect(first.add_pin_chats).toEqual([{ target: { gid: priv }, updated_at: now }]);
    now += 1000;
    expect((await post(alice, '/user/pin_chat', { target: { uid: bob.uid } })).status).toBe(200);
    await other.waitFor((e) => changed(e) && e.add_pin_chats?.[0]?.updated_at === now);
    expect((await initialSettings(alice)).pinned_chats).toEqual([
      { target: { uid: bob.uid }, updated_at: now },
      { target: { gid: priv }, updated_at: now - 1000 },
    ]);
    expect((await initialSettings(bob)).pinned_chats).toEqual([]);

    expect((await post(alice, '/user/unpin_chat', { target: { gid: priv } })).status).toBe(200);
    const removed = await other.waitFor((e): e is Changed => changed(e) && e.remove_pin_chats !== undefined);
    expect(removed.remove_pin_chats).toEqual([{ gid: priv }]);
    expect((await initialSettings(alice)).pinned_chats).toEqual([
      { target: { uid: bob.uid }, updated_at: now },
    ]);
  });

  it('400 for an unknown or unreadable conversation and for a malformed target', async () => {
    expect((await post(alice, '/user/pin_chat', { target: { uid: 999_999 } })).status).toBe(400);
    expect((await post(carol, '/user/pin_chat', { target: { gid: priv } })).status).toBe(400);
    expect((await post(alice, '/user/pin_chat', { target: {} })).status).toBe(400);
    expect((await post(alice, '/user/pin_chat', {})).status).toBe(400);
  });
});

describe('burn after reading', () => {
  it('marks the sender’s new messages with expires_in and the server deletes them for everyone when due', async () => {
    const [other, sb, sc] = await Promise.all([ready(alice2), ready(bob), ready(carol)]);
    const res = await post(alice, '/user/burn-after-reading', { groups: [{ gid: priv, expires_in: 300 }] });
    expect(res.status, res.text).toBe(200);
    const event = await other.waitFor(changed);
    expect(event.burn_after_reading_groups).toEqual([{ gid: priv, expires_in: 300 }]);
    expect((await initialSettings(alice)).burn_after_reading_groups).toEqual([
      { gid: priv, expires_in: 300 },
    ]);

    const sent = await sendText(t, alice, { gid: priv }, 'self-destruct');
    const kept = await sendText(t, bob, { gid: priv }, 'bob keeps his');
    const mid = sent.json as number;
    const chat = await sb.waitFor((e) => e.type === 'chat' && e.mid === mid);
    expect(chat.type === 'chat' && chat.detail.type === 'normal' && chat.detail.expires_in).toBe(300);
    const bobs = await sb.waitFor((e) => e.type === 'chat' && e.mid === (kept.json as number));
    expect(bobs.type === 'chat' && bobs.detail.type === 'normal' && bobs.detail.expires_in).toBe(null);

    now += 300_000;
    const isDelete = (e: ServerEvent) =>
      e.type === 'chat' &&
      e.detail.type === 'reaction' &&
      e.detail.mid === mid &&
      e.detail.detail.type === 'delete';
    const deleted = await sb.waitFor(isDelete);
    expect(deleted).toMatchObject({ from_uid: alice.uid, target: { gid: priv } });
    await other.waitFor(isDelete);
    await relogin();
    const history = await t.request('GET', `/group/${priv}/history`, { token: bob.token });
    const texts = (history.json as { detail: { content?: string } }[]).map((m) => m.detail.content);
    expect(texts).not.toContain('self-destruct');
    expect(texts).toContain('bob keeps his');
    // Carol is not in the channel: she never saw the message nor its deletion.
    await sendText(t, carol, { uid: carol.uid }, 'carol marker');
    await sc.waitFor((e) => e.type === 'chat' && e.from_uid === carol.uid);
    expect(sc.events.some((e) => e.type === 'chat' && e.target && 'gid' in e.target)).toBe(false);
  });

  it('expires_in 0 turns it off; a DM setting applies to that DM only', async () => {
    expect(
      (await post(alice, '/user/burn-after-reading', { groups: [{ gid: priv, expires_in: 0 }] })).status,
    ).toBe(200);
    expect((await initialSettings(alice)).burn_after_reading_groups).toEqual([]);
    expect(
      (await post(alice, '/user/burn-after-reading', { users: [{ uid: bob.uid, expires_in: 60 }] })).status,
    ).toBe(200);
    const sb = await ready(bob);
    const dm = (await sendText(t, alice, { uid: bob.uid }, 'dm burn')).json as number;
    const group = (await sendText(t, alice, { gid: priv }, 'group stays')).json as number;
    const dmChat = await sb.waitFor((e) => e.type === 'chat' && e.mid === dm);
    const groupChat = await sb.waitFor((e) => e.type === 'chat' && e.mid === group);
    expect(dmChat.type === 'chat' && dmChat.detail.type === 'normal' && dmChat.detail.expires_in).toBe(60);
    expect(
      groupChat.type === 'chat' && groupChat.detail.type === 'normal' && groupChat.detail.expires_in,
    ).toBe(null);
    now += 60_000;
    await sb.waitFor((e) => e.type === 'chat' && e.detail.type === 'reaction' && e.detail.mid === dm);
    await relogin();
    expect((await initialSettings(alice)).burn_after_reading_users).toEqual([
      { uid: bob.uid, expires_in: 60 },
    ]);
  });

  it('400 for negative or over-long expiries and unknown targets', async () => {
    for (const body of [
      { users: [{ uid: bob.uid, expires_in: -1 }] },
      { users: [{ uid: bob.uid, expires_in: 10 ** 9 }] },
      { users: [{ uid: 999_999, expires_in: 60 }] },
      { groups: [{ gid: 999_999, expires_in: 60 }] },
      { users: [{ uid: bob.uid }] },
    ]) {
      expect((await post(alice, '/user/burn-after-reading', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
