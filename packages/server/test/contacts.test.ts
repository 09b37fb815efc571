/**
 * Contacts and user search (API.md §4.3): add, block, remove, unblock; a block refuses the
 * blocked user's DMs (403) but never tells them; `contact_verification_enable` lets only people
 * you added write to you; `POST /user/search` by id, email and name, and its refusals.
 */
import { USER_SEARCH_NOT_FOUND, type Contact, type ServerEvent } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, sendText, useTestServer, type TestUser } from './support/server.js';
import { createCast } from './support/cast.js';
import { streamsClosedAfterEach } from './support/sse.js';

const t = useTestServer();
let admin: TestUser;
let alice: TestUser;
let alice2: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  ({ admin, alice, bob, carol } = await createCast(t));
  alice2 = await login(t, alice.email, alice.password);
});

const streams = streamsClosedAfterEach();
const ready = (user: TestUser) => streams.ready(t.url, user.token);
const contact = (user: TestUser, action: string, target_uid: number) =>
  t.request('POST', '/user/update_contact_status', { token: user.token, json: { action, target_uid } });
async function contactsOf(user: TestUser): Promise<Contact[]> {
  const res = await t.request('GET', '/user/contacts', { token: user.token });
  expect(res.status).toBe(200);
  return res.json as Contact[];
}
type Changed = Extract<ServerEvent, { type: 'user_settings_changed' }>;
const settingsChanged = (e: ServerEvent): e is Changed => e.type === 'user_settings_changed';
async function setCommon(patch: Record<string, unknown>) {
  const res = await t.request('PUT', '/admin/system/common', { token: admin.token, json: patch });
  expect(res.status, res.text).toBe(200);
}

describe('contacts', () => {
  it('add: listed with the user and status, other devices told, the added user is not', async () => {
    expect(await contactsOf(alice)).toEqual([]);
    const [other, own, sb] = await Promise.all([ready(alice2), ready(alice), ready(bob)]);
    const res = await contact(alice, 'add', bob.uid);
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');
    const event = await other.waitFor(settingsChanged);
    expect(event.add_contacts).toEqual([
      {
        target_uid: bob.uid,
        info: { status: 'added', created_at: expect.any(Number), updated_at: expect.any(Number) },
      },
    ]);
    const listed = await contactsOf(alice);
    expect(listed).toEqual([
      {
        target_uid: bob.uid,
        target_info: expect.objectContaining({ uid: bob.uid, name: 'bob' }),
        contact_info: { status: 'added', created_at: expect.any(Number), updated_at: expect.any(Number) },
      },
    ]);
    expect(await contactsOf(bob)).toEqual([]);
    // A later chat reaches both, and neither saw a settings change.
    await sendText(t, bob, { uid: alice.uid }, 'after add');
    await Promise.all([own, sb].map((s) => s.waitFor((e) => e.type === 'chat' && e.from_uid === bob.uid)));
    expect(own.events.filter(settingsChanged)).toEqual([]);
    expect(sb.events.filter(settingsChanged)).toEqual([]);
  });

  it('block: bob cannot DM alice (403) nor react to her DMs, alice can still write to him; unblock lifts it', async () => {
    const mid = (await sendText(t, alice, { uid: bob.uid }, 'before block')).json as number;
    const other = await ready(alice2);
    expect((await contact(alice, 'block', bob.uid)).status).toBe(200);
    const event = await other.waitFor(settingsChanged);
    expect(event.add_contacts?.[0]?.info.status).toBe('blocked');
    expect((await contactsOf(alice))[0]?.contact_info.status).toBe('blocked');

    const sb = await ready(bob);
    const refused = await sendText(t, bob, { uid: alice.uid }, 'let me in');
    expect(refused.status).toBe(403);
    const like = await t.request('PUT', `/message/${mid}/like`, { token: bob.token, json: { action: '👍' } });
    expect(like.status).toBe(403);
    // Alice may still write to bob; bob never learns of the block.
    expect((await sendText(t, alice, { uid: bob.uid }, 'one way')).status).toBe(200);
    await sb.waitFor(
      (e) => e.type === 'chat' && e.detail.type === 'normal' && e.detail.content === 'one way',
    );
    expect(sb.events.filter(settingsChanged)).toEqual([]);
    // Bob still writes in his notes-to-self and to carol.
    expect((await sendText(t, bob, { uid: bob.uid }, 'notes')).status).toBe(200);
    expect((await sendText(t, bob, { uid: carol.uid }, 'hi carol')).status).toBe(200);

    expect((await contact(alice, 'unblock', bob.uid)).status).toBe(200);
    const removed = await other.waitFor(
      (e): e is Changed => settingsChanged(e) && e.remove_contacts !== undefined,
    );
    expect(removed.remove_contacts).toEqual([bob.uid]);
    expect(await contactsOf(alice)).toEqual([]);
    expect((await sendText(t, bob, { uid: alice.uid }, 'thanks')).status).toBe(200);
  });

  it('remove drops an added contact; unblock leaves an added one alone', async () => {
    expect((await contact(alice, 'add', carol.uid)).status).toBe(200);
    expect((await contact(alice, 'unblock', carol.uid)).status).toBe(200);
    expect((await contactsOf(alice)).map((c) => c.contact_info.status)).toEqual(['added']);
    expect((await contact(alice, 'remove', carol.uid)).status).toBe(200);
    expect(await contactsOf(alice)).toEqual([]);
  });

  it('refuses oneself (400), unknown users (404) and bad actions (400), changing nothing', async () => {
    expect((await contact(alice, 'add', alice.uid)).status).toBe(400);
    expect((await contact(alice, 'add', 999_999)).status).toBe(404);
    expect((await contact(alice, 'befriend', bob.uid)).status).toBe(400);
    expect((await contact(alice, 'add', -1)).status).toBe(400);
    expect(await contactsOf(alice)).toEqual([]);
  });

  it('with add_friend_enable off only administrators add; blocking still works', async () => {
    await setCommon({ add_friend_enable: false });
    try {
      expect((await contact(alice, 'add', bob.uid)).status).toBe(403);
      expect((await contact(alice, 'block', bob.uid)).status).toBe(200);
      expect((await contact(admin, 'add', bob.uid)).status).toBe(200);
    } finally {
      await setCommon({ add_friend_enable: true });
      await contact(alice, 'unblock', bob.uid);
      await contact(admin, 'remove', bob.uid);
    }
  });

  it('with contact verification on, only people the recipient added may DM them (administrators too)', async () => {
    await setCommon({ contact_verification_enable: true });
    try {
      expect((await sendText(t, bob, { uid: carol.uid }, 'stranger')).status).toBe(403);
      expect((await sendText(t, bob, { uid: bob.uid }, 'notes still fine')).status).toBe(200);
      expect((await sendText(t, admin, { uid: carol.uid }, 'from the admin')).status).toBe(200);
      expect((await contact(carol, 'add', bob.uid)).status).toBe(200);
      expect((await sendText(t, bob, { uid: carol.uid }, 'now known')).status).toBe(200);
      // The list answers the same way while verification is on.
      expect((await contactsOf(carol)).map((c) => c.target_uid)).toEqual([bob.uid]);
    } finally {
      await setCommon({ contact_verification_enable: false });
      await contact(carol, 'remove', bob.uid);
    }
  });
});

describe('user search', () => {
  const search = (user: TestUser, search_type: string, keyword: string) =>
    t.request('POST', '/user/search', { token: user.token, json: { search_type, keyword } });

  it('finds one user by id, email or name (any case)', async () => {
    for (const [type, keyword] of [
      ['id', String(bob.uid)],
      ['email', bob.email.toUpperCase()],
      ['name', 'BoB'],
    ] as const) {
      const res = await search(alice, type, keyword);
      expect(res.status, `${type} ${keyword}`).toBe(200);
      expect(res.json).toMatchObject({ uid: bob.uid, name: 'bob' });
    }
  });

  it('404 with the client’s text when nobody matches', async () => {
    for (const [type, keyword] of [
      ['id', '999999'],
      ['id', 'abc'],
      ['email', 'nobody@example.com'],
      ['name', 'nobody'],
    ] as const) {
      const res = await search(alice, type, keyword);
      expect(res.status).toBe(404);
      expect(res.text).toBe(USER_SEARCH_NOT_FOUND);
    }
  });

  it('403 "disabled by the administrator" when search is off, except for administrators', async () => {
    await setCommon({ search_user_enable: false });
    try {
      const res = await search(alice, 'name', 'bob');
      expect(res.status).toBe(403);
      expect(res.text).toContain('disabled by the administrator');
      expect((await search(admin, 'name', 'bob')).status).toBe(200);
    } finally {
      await setCommon({ search_user_enable: true });
    }
  });

  it('400 for a malformed body', async () => {
    expect((await search(alice, 'phone', '123')).status).toBe(400);
    expect((await search(alice, 'name', '')).status).toBe(400);
  });
});
