/**
 * `dm_to_member` and `add_friend` (SPEC §3; rule in src/policy/channel-switches.ts): two
 * non-administrators whose shared channels all have the switch off may not start a DM or add each
 * other; a shared channel with it on, an existing contact, or an administrator lifts it.
 * This file's server has no public channel (every user shares those), so the private ones decide.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCast } from './support/cast.js';
import { createChannel, useTestServer, type TestUser } from './support/server.js';

const t = useTestServer();
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  ({ admin, alice, bob, carol } = await createCast(t));
});

const dm = (from: TestUser, to: TestUser, text = 'hi') =>
  t.request('POST', `/user/${to.uid}/send`, {
    token: from.token,
    body: text,
    headers: { 'content-type': 'text/plain' },
  });
const contact = (from: TestUser, to: TestUser, action: string) =>
  t.request('POST', '/user/update_contact_status', {
    token: from.token,
    json: { action, target_uid: to.uid },
  });
const put = (user: TestUser, gid: number, json: unknown) =>
  t.request('PUT', `/group/${gid}`, { token: user.token, json });

describe('dm_to_member and add_friend', () => {
  it('members of a channel with both off cannot DM or add each other; turning one on again allows it', async () => {
    const gid = await createChannel(t, alice, { name: 'quiet', is_public: false, members: [bob.uid] });
    expect((await dm(alice, bob)).status).toBe(200);
    expect((await put(alice, gid, { dm_to_member: false, add_friend: false })).status).toBe(200);
    const refused = await dm(bob, alice);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('turned off');
    expect((await contact(bob, alice, 'add')).status).toBe(403);
    const contacts = (await t.request('GET', '/user/contacts', { token: bob.token })).json as unknown[];
    expect(contacts).toEqual([]);
    // Users with no channel in common are not restricted by it; a self-DM never is.
    expect((await dm(bob, carol)).status).toBe(200);
    expect((await dm(bob, bob)).status).toBe(200);
    // An administrator acting is exempt.
    expect((await dm(admin, bob)).status).toBe(200);
    // A second shared channel that allows it lifts the rule.
    const open = await createChannel(t, carol, {
      name: 'open',
      is_public: false,
      members: [alice.uid, bob.uid],
    });
    expect((await dm(bob, alice)).status).toBe(200);
    expect((await contact(bob, alice, 'add')).status).toBe(200);
    // With the contact in place, DMs pass even when every shared channel is off again.
    expect((await put(carol, open, { dm_to_member: false })).status).toBe(200);
    expect((await dm(alice, bob)).status).toBe(200);
    expect((await contact(bob, alice, 'remove')).status).toBe(200);
    expect((await dm(alice, bob)).status).toBe(403);
    // The owner turns it on again.
    expect((await put(alice, gid, { dm_to_member: true, add_friend: true })).status).toBe(200);
    expect((await dm(alice, bob)).status).toBe(200);
    expect((await contact(alice, bob, 'add')).status).toBe(200);
  });
});
