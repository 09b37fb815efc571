/**
 * Widget visitors as guests (docs/widget.md): with guest mode on, a website visitor reads a public
 * channel through a guest session, from the history and the event stream, and nothing else; a
 * visitor who writes becomes a visitor account; turning guest mode off ends every guest session
 * and closes the guests' streams.
 */
import type { ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { startCastServer } from './support/cast.js';
import { patchLoginConfig } from './support/login-config.js';
import { chats, streamsClosedAfterEach } from './support/sse.js';
import { createUser, sendText, type TestUser } from './support/server.js';

const { t, admin, alice, bob, carol, pub, priv } = await startCastServer();
const streams = streamsClosedAfterEach();

const guestLogin = () => t.request('GET', '/token/login_guest');
const setWidget = (enabled: boolean) =>
  t.request('POST', '/admin/widget/config', { token: admin.token, json: { enabled } });

/** Every text in the event, at any depth (names, contents, e-mail addresses). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const content = (e: ServerEvent) =>
  e.type === 'chat' && e.detail.type !== 'reaction' ? String(e.detail.content) : '';

describe('a widget visitor reading as a guest', () => {
  it('reads the public channel, live, and nothing private', async () => {
    await patchLoginConfig(t, admin, { guest: true });
    const guest = await guestLogin();
    expect(guest.status).toBe(200);
    const token = guest.json.token as string;
    expect((await sendText(t, alice, { gid: pub }, 'welcome, visitors')).status).toBe(200);

    const history = await t.request('GET', `/group/${pub}/history?limit=50`, { token });
    expect(history.status).toBe(200);
    expect((history.json as { detail: { content: string } }[]).map((m) => m.detail.content)).toContain(
      'welcome, visitors',
    );
    expect((await t.request('GET', `/group/${priv}/history?limit=50`, { token })).status).toBe(403);
    // Their own conversation with a member, which they cannot write in: empty.
    const dm = await t.request('GET', `/user/${alice.uid}/history?limit=50`, { token });
    expect([dm.status, dm.json]).toEqual([200, []]);

    const stream = await streams.ready(t.url, token);
    const said: [TestUser, { gid: number } | { uid: number }, string][] = [
      [alice, { gid: priv }, 'private channel words'],
      [bob, { uid: carol.uid }, 'a direct message'],
      [admin, { uid: alice.uid }, 'an admin to alice'],
      [bob, { gid: pub }, 'public news'],
    ];
    for (const [from, to, text] of said) expect((await sendText(t, from, to, text)).status).toBe(200);
    const newcomer = await createUser(t, 'newcomer');
    await stream.waitFor((e) => e.type === 'users_log' && e.logs.some((l) => l.uid === newcomer.uid));
    await stream.waitFor((e) => content(e) === 'public news');

    // The stream starts with the recent history it may read: the public channel's, only.
    expect(chats(stream.events).map(content)).toEqual(['welcome, visitors', 'public news']);
    for (const e of chats(stream.events)) expect(e.target).toEqual({ gid: pub });
    const seen = stream.events.flatMap(strings);
    for (const secret of ['private channel words', 'a direct message', 'an admin to alice', 'inner'])
      expect(seen).not.toContain(secret);
    // Names, so the visitor sees who wrote; never an e-mail address, live or not.
    expect(seen).toContain('alice');
    for (const member of [admin, alice, bob, carol, newcomer]) expect(seen).not.toContain(member.email);
    const users = await t.request('GET', '/user', { token });
    expect(users.status).toBe(200);
    expect((users.json as { email: string | null }[]).every((u) => u.email === null)).toBe(true);
    expect((await t.request('GET', `/user/${alice.uid}`, { token })).json).toMatchObject({ email: null });
    // Members still see one another's addresses.
    const seenByBob = (await t.request('GET', `/user/${alice.uid}`, { token: bob.token })).json;
    expect(seenByBob).toMatchObject({ email: alice.email });
  });

  it('may not write; a name makes a visitor account that writes', async () => {
    await patchLoginConfig(t, admin, { guest: true });
    const token = (await guestLogin()).json.token as string;
    const sent = await t.request('POST', `/group/${pub}/send`, {
      token,
      body: 'as a guest',
      headers: { 'content-type': 'text/plain' },
    });
    expect(sent.status).toBe(403);

    expect((await setWidget(true)).status).toBe(200);
    try {
      const visitor = await t.request('POST', '/widget/visitor', {
        json: { name: 'Vera', widget_id: 'site' },
      });
      expect(visitor.status).toBe(200);
      expect(visitor.json.user).toMatchObject({ name: 'Vera', create_by: 'thirdparty' });
      const wrote = await sendText(
        t,
        { token: visitor.json.token } as TestUser,
        { gid: pub },
        'hello from the site',
      );
      expect(wrote.status).toBe(200);
      // The guest session it replaces ends with a logout.
      expect((await t.request('GET', '/token/logout', { token })).status).toBe(200);
      expect((await t.request('GET', `/group/${pub}/history?limit=1`, { token })).status).toBe(401);
    } finally {
      await setWidget(false);
    }
  });

  it('ends when guest mode is turned off: sessions refused, streams closed, guests gone', async () => {
    await patchLoginConfig(t, admin, { guest: true });
    const guest = await guestLogin();
    const token = guest.json.token as string;
    const refresh = guest.json.refresh_token as string;
    const stream = await streams.ready(t.url, token);

    await patchLoginConfig(t, admin, { guest: false });
    await stream.waitFor((e) => e.type === 'kick');
    await stream.ended;
    expect((await t.request('GET', `/group/${pub}/history?limit=1`, { token })).status).toBe(401);
    const renewed = await t.request('POST', '/token/renew', { json: { token, refresh_token: refresh } });
    expect(renewed.status).toBe(401);
    expect(await t.server.ctx.store.users.get(guest.json.user.uid as number)).toBeUndefined();
    expect((await guestLogin()).status).toBe(403);
    const reopened = await streams.open(t.url, token);
    expect(reopened.status).toBe(401);

    // On again: old guest sessions stay gone; a new visitor gets a new guest.
    await patchLoginConfig(t, admin, { guest: true });
    expect((await t.request('GET', `/group/${pub}/history?limit=1`, { token })).status).toBe(401);
    expect((await guestLogin()).status).toBe(200);
    await patchLoginConfig(t, admin, { guest: false });
  });
});
