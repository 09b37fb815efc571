/**
 * Channel switches (SPEC §3, API.md §5.1): stored by `PUT /group/{gid}` for the owner and
 * administrators, returned in every `Group`, sent as `group_changed` to the channel's readers only,
 * and `only_owner_can_send_msg` enforced on sends and replies (SPEC §8's 403 text).
 */
import { DEFAULT_CHANNEL_SWITCHES, type Group, type ServerEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createChannel, sendText, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach } from './support/sse.js';

const { t, admin, alice, bob, carol, pub } = await startCastServer();

const streams = streamsClosedAfterEach();
const ready = (user: TestUser) => streams.ready(t.url, user.token);

/** A fresh private channel owned by alice with bob in it (carol stays outside). */
const privateChannel = (name: string) =>
  createChannel(t, alice, { name, is_public: false, members: [bob.uid] });
const update = (user: TestUser, gid: number, json: unknown) =>
  t.request('PUT', `/group/${gid}`, { token: user.token, json });
async function groupOf(user: TestUser, gid: number): Promise<Group> {
  const res = await t.request('GET', `/group/${gid}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.json as Group;
}
const changed = (gid: number) => (e: ServerEvent) => e.type === 'group_changed' && e.gid === gid;

describe('channel switches', () => {
  it('a new channel has the defaults, in GET /group/{gid} and GET /group', async () => {
    const gid = await privateChannel('defaults');
    expect(await groupOf(bob, gid)).toMatchObject(DEFAULT_CHANNEL_SWITCHES);
    const list = (await t.request('GET', '/group', { token: bob.token })).json as Group[];
    expect(list.find((g) => g.gid === gid)).toMatchObject(DEFAULT_CHANNEL_SWITCHES);
  });

  it('the owner changes them: stored, and group_changed with only the changed switches to members', async () => {
    const gid = await privateChannel('switches');
    const [sa, sb, sc] = await Promise.all([ready(alice), ready(bob), ready(carol)]);
    const res = await update(alice, gid, { only_owner_can_send_msg: true, show_email: true });
    expect(res.status, res.text).toBe(200);
    const event = {
      type: 'group_changed',
      gid,
      name: null,
      description: null,
      owner: null,
      avatar_updated_at: null,
      is_public: null,
      only_owner_can_send_msg: true,
      show_email: true,
    };
    expect(await sa.waitFor(changed(gid))).toEqual(event);
    expect(await sb.waitFor(changed(gid))).toEqual(event);
    const barrier = (await sendText(t, admin, { uid: carol.uid }, 'barrier')).json as number;
    await sc.waitFor((e) => e.type === 'chat' && e.mid === barrier);
    expect(sc.events.some(changed(gid))).toBe(false);
    expect(await groupOf(bob, gid)).toMatchObject({
      ...DEFAULT_CHANNEL_SWITCHES,
      only_owner_can_send_msg: true,
      show_email: true,
    });
    // A fresh device gets them in related_groups.
    const fresh = await ready(bob);
    const related = fresh.events.find((e) => e.type === 'related_groups');
    expect(related?.type === 'related_groups' && related.groups.find((g) => g.gid === gid)).toMatchObject({
      only_owner_can_send_msg: true,
      show_email: true,
    });
  });

  it('ext_setting is stored as given and can be cleared with null', async () => {
    const gid = await privateChannel('ext');
    expect((await update(alice, gid, { ext_setting: '{"a":1}' })).status).toBe(200);
    expect((await groupOf(alice, gid)).ext_setting).toBe('{"a":1}');
    expect((await update(alice, gid, { ext_setting: null })).status).toBe(200);
    expect((await groupOf(alice, gid)).ext_setting).toBeNull();
  });

  it('a member who is not the owner gets 403 and nothing changes; an administrator may', async () => {
    const gid = await privateChannel('guarded');
    expect((await update(bob, gid, { add_friend: false })).status).toBe(403);
    expect((await groupOf(bob, gid)).add_friend).toBe(true);
    expect((await update(admin, gid, { add_friend: false, dm_to_member: false })).status).toBe(200);
    expect(await groupOf(bob, gid)).toMatchObject({ add_friend: false, dm_to_member: false });
  });

  it('a switch that is not a boolean is 400 and changes nothing', async () => {
    const gid = await privateChannel('typed');
    for (const json of [{ show_email: 'yes' }, { only_owner_can_send_msg: 1 }, { ext_setting: 5 }, {}]) {
      const res = await update(alice, gid, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(await groupOf(alice, gid)).toMatchObject(DEFAULT_CHANNEL_SWITCHES);
  });
});

describe('only the owner and administrators send', () => {
  const send = (user: TestUser, gid: number, text: string) =>
    t.request('POST', `/group/${gid}/send`, {
      token: user.token,
      body: text,
      headers: { 'content-type': 'text/plain' },
    });

  it('a member gets 403 with the SPEC §8 text for sends and replies; the owner sends', async () => {
    const gid = await privateChannel('announcements');
    const before = await send(bob, gid, 'before');
    expect(before.status).toBe(200);
    expect((await update(alice, gid, { only_owner_can_send_msg: true })).status).toBe(200);
    const refused = await send(bob, gid, 'after');
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Only the channel owner can send messages');
    const reply = await t.request('POST', `/message/${before.json as number}/reply`, {
      token: bob.token,
      body: 'a reply',
      headers: { 'content-type': 'text/plain' },
    });
    expect(reply.status).toBe(403);
    // Reactions are not sends.
    const like = await t.request('PUT', `/message/${before.json as number}/like`, {
      token: bob.token,
      json: { action: '👍' },
    });
    expect(like.status).toBe(200);
    expect((await send(alice, gid, 'owner speaks')).status).toBe(200);
    const history = (await t.request('GET', `/group/${gid}/history`, { token: alice.token })).json as {
      detail: { content?: string };
    }[];
    expect(history.map((m) => m.detail.content)).not.toContain('after');
    // Off again: members send.
    expect((await update(alice, gid, { only_owner_can_send_msg: false })).status).toBe(200);
    expect((await send(bob, gid, 'free again')).status).toBe(200);
  });

  it('a public channel has no owner: only administrators send while it is on', async () => {
    const gid = await createChannel(t, admin, { name: 'news', is_public: true });
    expect((await update(admin, gid, { only_owner_can_send_msg: true })).status).toBe(200);
    expect((await send(alice, gid, 'hi')).status).toBe(403);
    expect((await send(admin, gid, 'hi')).status).toBe(200);
    expect((await update(admin, gid, { only_owner_can_send_msg: false })).status).toBe(200);
    expect((await send(alice, pub, 'elsewhere')).status).toBe(200);
  });
});
