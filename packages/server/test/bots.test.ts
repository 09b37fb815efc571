/**
 * Bot users and keys (API.md §10.1) and the bot API (§10.2): a key is shown once, listed by its
 * prefix, records its last use, and stops working at once when revoked, on every node; a bot
 * acts under the same rules as a user, and its messages reach people's streams.
 */
import { describe, expect, it } from 'vitest';
import { createBot } from './support/bots.js';
import {
  apiClient,
  createAdmin,
  createChannel,
  createUser,
  useTestServer,
  type TestUser,
} from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

const t = useTestServer();
const streams = streamsClosedAfterEach();

let admin: TestUser | undefined;
const theAdmin = async () => (admin ??= await createAdmin(t));

const botSend = (key: string, path: string, text: string) =>
  t.request('POST', path, { headers: { 'x-api-key': key, 'content-type': 'text/plain' }, body: text });

describe('bot keys', () => {
  it('shows a key once, lists it by prefix with its last use, and refuses a second key of the same name', async () => {
    const a = await theAdmin();
    const bot = await createBot(t, a);
    expect(bot.key).toMatch(/^pb\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{43}$/);
    const listed = await t.request('GET', `/admin/user/bot-api-key/${bot.uid}`, { token: a.token });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([
      {
        id: expect.any(Number),
        name: 'test key',
        key: `${bot.key.slice(0, 11)}…`,
        created_at: expect.any(Number),
        last_used: null,
      },
    ]);
    expect(listed.text).not.toContain(bot.key.slice(12));

    expect((await t.request('GET', '/bot', { headers: { 'x-api-key': bot.key } })).status).toBe(200);
    const after = await t.request('GET', `/admin/user/bot-api-key/${bot.uid}`, { token: a.token });
    expect(after.json[0].last_used).toEqual(expect.any(Number));

    const again = await t.request('POST', `/admin/user/bot-api-key/${bot.uid}`, {
      token: a.token,
      json: { name: 'test key' },
    });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ reason: 'name_conflict' });
  });

  it('is for administrators and for bots only', async () => {
    const a = await theAdmin();
    const bot = await createBot(t, a);
    const user = await createUser(t, 'keyless');
    const asUser = await t.request('POST', `/admin/user/bot-api-key/${bot.uid}`, {
      token: user.token,
      json: { name: 'mine' },
    });
    expect(asUser.status).toBe(403);
    const forPerson = await t.request('POST', `/admin/user/bot-api-key/${user.uid}`, {
      token: a.token,
      json: { name: 'x' },
    });
    expect(forPerson.status).toBe(404);
    expect(
      (await t.request('DELETE', `/admin/user/bot-api-key/${bot.uid}/999999`, { token: a.token })).status,
    ).toBe(404);
  });

  it('stops working at once when revoked, on every node', async () => {
    const a = await theAdmin();
    const bot = await createBot(t, a);
    const gid = await createChannel(t, a, { name: 'revoke', is_public: true });
    for (const url of t.nodeUrls)
      expect(
        (await apiClient(url).request('GET', '/bot', { headers: { 'x-api-key': bot.key } })).status,
      ).toBe(200);
    const [key] = (await t.request('GET', `/admin/user/bot-api-key/${bot.uid}`, { token: a.token })).json as {
      id: number;
    }[];
    expect(
      (await t.request('DELETE', `/admin/user/bot-api-key/${bot.uid}/${key!.id}`, { token: a.token })).status,
    ).toBe(200);
    for (const url of t.nodeUrls) {
      const c = apiClient(url);
      expect((await c.request('GET', '/bot', { headers: { 'x-api-key': bot.key } })).status).toBe(401);
      const sent = await c.request('POST', `/bot/send_to_group/${gid}`, {
        headers: { 'x-api-key': bot.key, 'content-type': 'text/plain' },
        body: 'after revoke',
      });
      expect(sent.status).toBe(401);
    }
  });

  it('accepts only the exact key: no other spelling, no user token, and no bot key on user routes', async () => {
    const a = await theAdmin();
    const bot = await createBot(t, a);
    const variants = [
      '',
      bot.key.slice(0, -1),
      `${bot.key}=`,
      `${bot.key}A`,
      bot.key.replace(/^pb\./, 'PB.'),
      `${bot.key.slice(0, -1)}${bot.key.endsWith('A') ? 'B' : 'A'}`,
      a.token,
    ];
    for (const key of variants)
      expect((await t.request('GET', '/bot', { headers: { 'x-api-key': key } })).status, key).toBe(401);
    expect((await t.request('GET', '/user', { headers: { 'x-api-key': bot.key } })).status).toBe(401);
  });
});

describe('the bot API', () => {
  it('lists the channels the bot can see and sends to them and to users like a user', async () => {
    const a = await theAdmin();
    const bot = await createBot(t, a);
    const person = await createUser(t, 'listener');
    const open = await createChannel(t, a, { name: 'bot open', is_public: true });
    const closed = await createChannel(t, a, { name: 'bot closed', is_public: false, members: [person.uid] });
    const withBot = await createChannel(t, a, { name: 'bot inside', is_public: false, members: [bot.uid] });

    const groups = await t.request('GET', '/bot', { headers: { 'x-api-key': bot.key } });
    const gids = (groups.json as { gid: number }[]).map((g) => g.gid);
    expect(gids).toContain(open);
    expect(gids).toContain(withBot);
    expect(gids).not.toContain(closed);
    const publicOnly = await t.request('GET', '/bot?public_only=true', { headers: { 'x-api-key': bot.key } });
    expect((publicOnly.json as { is_public: boolean }[]).every((g) => g.is_public)).toBe(true);

    const stream = await streams.ready(t.url, person.token);
    const mid = (await botSend(bot.key, `/bot/send_to_group/${open}`, 'hello from a bot')).json as number;
    const chat = await stream.waitFor((e) => e.type === 'chat' && e.mid === mid);
    expect(chat).toMatchObject({
      from_uid: bot.uid,
      target: { gid: open },
      detail: { content: 'hello from a bot' },
    });

    expect((await botSend(bot.key, `/bot/send_to_group/${closed}`, 'not mine')).status).toBe(403);
    expect((await botSend(bot.key, `/bot/send_to_group/999999`, 'nowhere')).status).toBe(404);

    const dm = (await botSend(bot.key, `/bot/send_to_user/${person.uid}`, 'a direct word')).json as number;
    await stream.waitFor((e) => e.type === 'chat' && e.mid === dm && 'uid' in e.target);

    const user = await t.request('GET', `/bot/user/${person.uid}`, { headers: { 'x-api-key': bot.key } });
    expect(user.json).toMatchObject({ uid: person.uid, name: person.name, is_bot: false });
    expect((await t.request('GET', '/bot/user/999999', { headers: { 'x-api-key': bot.key } })).status).toBe(
      404,
    );
    const group = await t.request('GET', `/bot/group/${withBot}`, { headers: { 'x-api-key': bot.key } });
    expect(group.json).toMatchObject({ gid: withBot, members: expect.arrayContaining([bot.uid]) });
    expect(
      (await t.request('GET', `/bot/group/${closed}`, { headers: { 'x-api-key': bot.key } })).status,
    ).toBe(403);
  });

  it('creates bots through /admin/user and lists them with the AdminUser shape', async () => {
    const a = await theAdmin();
    const bot = await createBot(t, a, { name: 'Shape bot' });
    const one = await t.request('GET', `/admin/user/${bot.uid}`, { token: a.token });
    expect(one.json).toMatchObject({
      uid: bot.uid,
      name: 'Shape bot',
      is_bot: true,
      is_admin: false,
      password: '',
      webhook_url: null,
      status: 'normal',
    });
    const all = await t.request('GET', '/admin/user', { token: a.token });
    expect((all.json as { uid: number }[]).map((u) => u.uid)).toContain(bot.uid);
    const person = await createUser(t, 'notadmin');
    expect((await t.request('GET', '/admin/user', { token: person.token })).status).toBe(403);
  });
});
