/**
 * The notification decider (issue 16, `services/notify-decider.ts`): its rules one by one, on
 * real stores with users, channels and messages made through the API. The decision is asked
 * with every user reachable, so no push subscription is needed here (`web-push.test.ts` sends).
 */
import type { ChatMessage } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import {
  inQuietHours,
  levelAllows,
  levelFor,
  mentionsOf,
  recipientsOf,
} from '../src/services/notify-decider.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach } from './support/sse.js';
import { properties, type TestUser } from './support/server.js';

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();
const streams = streamsClosedAfterEach();

const everyone = async (uids: number[]) => new Set(uids);

async function send(user: TestUser, to: { gid: number } | { uid: number }, text: string, props?: object) {
  const path = 'gid' in to ? `/group/${to.gid}/send` : `/user/${to.uid}/send`;
  const res = await t.request('POST', path, {
    token: user.token,
    body: text,
    headers: { 'content-type': 'text/plain', 'x-properties': props ? properties(props) : '' },
  });
  expect(res.status, res.text).toBe(200);
  return (await t.server.ctx.store.messages.get(res.json as number))!;
}

const decide = (record: ChatMessage, now = Date.now()) =>
  recipientsOf(t.server.ctx.store, t.server.ctx.presence, record, now, everyone);

async function settings(user: TestUser, json: object) {
  const res = await t.request('PUT', '/user/notify/settings', { token: user.token, json });
  expect(res.status, res.text).toBe(200);
}
const defaults = { level: 'all', overrides: [], quiet_hours: null, email_digest: true };

describe('rules without a store', () => {
  const record = (target: { gid: number } | { uid: number }, mentions?: number[]): ChatMessage => ({
    mid: 1,
    from_uid: 9,
    created_at: 0,
    target,
    detail: {
      type: 'normal',
      properties: mentions ? { mentions } : null,
      content_type: 'text/plain',
      content: 'x',
      expires_in: null,
    },
  });

  it('levels: none, mentions (DMs and mentions), all; overrides per conversation', () => {
    expect(levelAllows('none', record({ uid: 2 }), 2)).toBe(false);
    expect(levelAllows('mentions', record({ uid: 2 }), 2)).toBe(true);
    expect(levelAllows('mentions', record({ gid: 5 }), 2)).toBe(false);
    expect(levelAllows('mentions', record({ gid: 5 }, [2]), 2)).toBe(true);
    expect(levelAllows('all', record({ gid: 5 }), 2)).toBe(true);
    const prefs = {
      level: 'mentions' as const,
      overrides: [{ target: { gid: 5 }, level: 'all' as const }],
      quiet_hours: null,
      email_digest: true,
    };
    expect(levelFor(prefs, { gid: 5 })).toBe('all');
    expect(levelFor(prefs, { gid: 6 })).toBe('mentions');
    expect(levelFor(prefs, { uid: 5 })).toBe('mentions');
    expect(levelFor(undefined, { gid: 5 })).toBe('all');
    expect(mentionsOf(record({ gid: 5 }, [2, 3]))).toEqual([2, 3]);
  });

  it('quiet hours in the user time of day, across midnight', () => {
    const at = (h: number, m = 0) => Date.UTC(2026, 0, 1, h, m);
    const night = { start: 22 * 60, end: 7 * 60, utc_offset: 0 };
    expect(inQuietHours(night, at(23))).toBe(true);
    expect(inQuietHours(night, at(6, 59))).toBe(true);
    expect(inQuietHours(night, at(7))).toBe(false);
    expect(inQuietHours(night, at(12))).toBe(false);
    // 20:00 UTC is 22:00 at UTC+2.
    expect(inQuietHours({ ...night, utc_offset: 120 }, at(20))).toBe(true);
    expect(inQuietHours({ start: 9 * 60, end: 17 * 60, utc_offset: -300 }, at(15))).toBe(true);
    expect(inQuietHours(null, at(23))).toBe(false);
  });
});

describe('decisions on real stores', () => {
  it('a DM notifies its recipient, never the sender', async () => {
    expect(await decide(await send(alice, { uid: bob.uid }, 'hi'))).toEqual([bob.uid]);
  });

  it('a channel message notifies the readers: members of a private one, everyone for a public one', async () => {
    expect(await decide(await send(alice, { gid: priv }, 'inner'))).toEqual([bob.uid]);
    expect(await decide(await send(bob, { gid: pub }, 'all'))).toEqual(
      [admin.uid, alice.uid, carol.uid].sort((a, b) => a - b),
    );
  });

  it('edits, likes and deletes notify nobody; nor does a message deleted before its turn', async () => {
    const record = await send(alice, { uid: bob.uid }, 'oops');
    const like = await t.request('PUT', `/message/${record.mid}/like`, {
      token: bob.token,
      json: { action: '👍' },
    });
    expect(like.status).toBe(200);
    const likeRecord = (await t.server.ctx.store.messages.listRange(record.mid, record.mid + 10, 10)).find(
      (r) => r.detail.type === 'reaction',
    )!;
    expect(await decide(likeRecord)).toEqual([]);
    expect((await t.request('DELETE', `/message/${record.mid}`, { token: alice.token })).status).toBe(200);
    expect(await decide(record)).toEqual([]);
  });

  it('mute, with its expiry respected', async () => {
    await t.request('POST', '/user/mute', {
      token: carol.token,
      json: { add_groups: [{ gid: pub, expired_in: 60 }] },
    });
    const record = await send(bob, { gid: pub }, 'muted for carol');
    const now = Date.now();
    expect(await decide(record, now)).not.toContain(carol.uid);
    expect(await decide(record, now + 61_000)).toContain(carol.uid);
    await t.request('POST', '/user/mute', { token: carol.token, json: { remove_groups: [pub] } });
  });

  it('read on another device: nothing for a message at or below the read position', async () => {
    const record = await send(alice, { uid: bob.uid }, 'read me');
    expect(await decide(record)).toEqual([bob.uid]);
    const res = await t.request('POST', '/user/read-index', {
      token: bob.token,
      json: { users: [{ uid: alice.uid, mid: record.mid }] },
    });
    expect(res.status, res.text).toBe(200);
    expect(await decide(record)).toEqual([]);
  });

  it('an open stream on any node means no notification', async () => {
    const record = await send(alice, { uid: carol.uid }, 'online?');
    const s = await streams.ready(t.url, carol.token);
    expect(await decide(record)).toEqual([]);
    s.close();
  });

  it('per-user level, per-conversation overrides and quiet hours', async () => {
    await settings(carol, { level: 'mentions', overrides: [], quiet_hours: null, email_digest: true });
    expect(await decide(await send(bob, { gid: pub }, 'chatter'))).not.toContain(carol.uid);
    expect(await decide(await send(bob, { gid: pub }, `@${carol.uid}`, { mentions: [carol.uid] }))).toContain(
      carol.uid,
    );
    await settings(carol, {
      level: 'mentions',
      overrides: [{ target: { gid: pub }, level: 'all' }],
      quiet_hours: null,
      email_digest: true,
    });
    expect(await decide(await send(bob, { gid: pub }, 'chatter again'))).toContain(carol.uid);
    await settings(carol, {
      level: 'all',
      overrides: [{ target: { uid: alice.uid }, level: 'none' }],
      quiet_hours: null,
      email_digest: true,
    });
    expect(await decide(await send(alice, { uid: carol.uid }, 'hush'))).toEqual([]);
    const minute = Math.floor(Date.now() / 60_000) % 1440;
    await settings(carol, {
      ...defaults,
      quiet_hours: { start: minute, end: (minute + 120) % 1440, utc_offset: 0 },
    });
    const quiet = await send(bob, { uid: carol.uid }, 'at night');
    expect(await decide(quiet)).toEqual([]);
    expect(await decide(quiet, Date.now() + 3 * 3600_000)).toEqual([carol.uid]);
    await settings(carol, defaults);
  });

  it('settings: defaults, round trip, 400 for two overrides of one conversation', async () => {
    const dflt = await t.request('GET', '/user/notify/settings', { token: admin.token });
    expect(dflt.json).toEqual(defaults);
    const value = {
      level: 'none',
      overrides: [{ target: { gid: priv }, level: 'all' }],
      quiet_hours: { start: 1, end: 2, utc_offset: -60 },
      email_digest: false,
    };
    await settings(admin, value);
    expect((await t.request('GET', '/user/notify/settings', { token: admin.token })).json).toEqual(value);
    const twice = await t.request('PUT', '/user/notify/settings', {
      token: admin.token,
      json: {
        ...defaults,
        overrides: [
          { target: { gid: 1 }, level: 'all' },
          { target: { gid: 1 }, level: 'none' },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect((await t.request('GET', '/user/notify/settings', { token: admin.token })).json).toEqual(value);
  });
});
