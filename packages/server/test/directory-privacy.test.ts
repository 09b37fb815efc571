/**
 * Member directory privacy (issue 13; docs/api.md "Member directory"): with `directory_visibility`
 * restricting, an outsider's streams, lists, look-ups and searches never carry an invisible user's
 * id, name or e-mail; joining a private channel or a first direct message reveals the users now
 * seen, live and on resume; going back to `everyone` gives everyone the rest.
 */
import type { UserInfo } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import {
  barrier,
  listed,
  namedUids,
  setVisibility,
  startDirectoryServer,
  uidsOf,
} from './support/directory.js';
import { createChannel, createUser, login, sendText, type TestUser } from './support/server.js';
import type { TestStream } from './support/sse.js';

const { t, admin, alice, bob, carol, dave, ready } = await startDirectoryServer();
// No public channel: everyone would share it. Alice and Bob meet in a private one.
const inner = await createChannel(t, alice, { name: 'inner', is_public: false, members: [bob.uid] });

/** Fails when anything the stream carried names one of `hidden`: by uid in a user event, or by name or e-mail anywhere. */
function expectNoTrace(stream: TestStream, hidden: TestUser[]) {
  const text = JSON.stringify(stream.events);
  for (const user of hidden) {
    expect(stream.events.flatMap(namedUids)).not.toContain(user.uid);
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.name);
  }
}

const lookUp = (user: TestUser, uid: number) => t.request('GET', `/user/${uid}`, { token: user.token });
const search = (user: TestUser, keyword: string) =>
  t.request('POST', '/user/search', { token: user.token, json: { search_type: 'email', keyword } });

describe('member directory privacy', () => {
  it('everyone (the default): every member lists everyone', async () => {
    const common = await t.request('GET', '/admin/system/common', { token: carol.token });
    expect((common.json as { directory_visibility: string }).directory_visibility).toBe('everyone');
    expect(await listed(t, carol)).toEqual(uidsOf(admin, alice, bob, carol, dave));
    const bad = await t.request('PUT', '/admin/system/common', {
      token: admin.token,
      json: { directory_visibility: 'friends' },
    });
    expect(bad.status).toBe(400);
    const member = await t.request('PUT', '/admin/system/common', {
      token: carol.token,
      json: { directory_visibility: 'shared_channels' },
    });
    expect(member.status).toBe(403);
  });

  it('shared_channels: the initial sync, lists, look-ups and searches show only the users shared', async () => {
    await setVisibility(t, admin, 'shared_channels');
    const sc = await ready(carol);
    const snapshot = await sc.waitFor((e) => e.type === 'users_snapshot');
    expect(snapshot.type === 'users_snapshot' && snapshot.users.map((u) => u.uid)).toEqual([carol.uid]);
    expectNoTrace(sc, [admin, alice, bob, dave]);

    expect(await listed(t, carol)).toEqual([carol.uid]);
    expect(await listed(t, alice)).toEqual(uidsOf(alice, bob));
    expect(await listed(t, admin)).toEqual(uidsOf(admin, alice, bob, carol, dave));
    expect((await lookUp(carol, alice.uid)).status).toBe(404);
    expect((await lookUp(alice, bob.uid)).status).toBe(200);
    expect((await lookUp(carol, carol.uid)).status).toBe(200);
    expect((await search(carol, alice.email)).status).toBe(404);
    expect((await search(alice, bob.email)).status).toBe(200);
    expect((await search(admin, carol.email)).status).toBe(200);

    // Nothing that would reveal someone unseen: adding them, writing to them, a channel with them.
    const contact = await t.request('POST', '/user/update_contact_status', {
      token: carol.token,
      json: { action: 'add', target_uid: alice.uid },
    });
    expect(contact.status).toBe(404);
    expect((await sendText(t, carol, { uid: alice.uid }, 'hello?')).status).toBe(404);
    const group = await t.request('POST', '/group', {
      token: carol.token,
      json: { name: 'lure', is_public: false, members: [alice.uid] },
    });
    expect(group.status).toBe(404);
    expect(await listed(t, alice)).toEqual(uidsOf(alice, bob));
    await barrier(t, carol, sc);
    expectNoTrace(sc, [admin, alice, bob, dave]);
  });

  it('live: profile changes, new accounts and presence of unseen users never reach an outsider', async () => {
    const sc = await ready(carol);
    const sb = await ready(bob);
    const renamed = await t.request('PUT', '/user', { token: alice.token, json: { name: 'Alicia2' } });
    expect(renamed.status).toBe(200);
    await sb.waitFor((e) => e.type === 'users_log' && e.logs.some((l) => l.name === 'Alicia2'));
    const sa = await ready(alice);
    await sb.waitFor((e) => e.type === 'users_state_changed' && e.uid === alice.uid && e.online);
    const eve = await createUser(t, 'Evangelina');
    sa.close();
    await sb.waitFor((e) => e.type === 'users_state_changed' && e.uid === alice.uid && !e.online);
    await barrier(t, carol, sc);
    expectNoTrace(sc, [admin, alice, bob, dave, eve]);
    expect(JSON.stringify(sc.events)).not.toContain('Alicia2');
    await t.request('PUT', '/user', { token: alice.token, json: { name: alice.name } });
  });

  it('joining a private channel reveals its members live, and on resume from an older version', async () => {
    const sc = await ready(carol);
    const sd = await ready(dave);
    const before = await sc.waitFor((e) => e.type === 'users_snapshot');
    const version = before.type === 'users_snapshot' ? before.version : 0;
    const sb = await ready(bob);

    // Alice does not see Carol, so she cannot add her (404); an administrator can.
    const refused = await t.request('POST', `/group/${inner}/members/add`, {
      token: alice.token,
      json: [carol.uid],
    });
    expect(refused.status).toBe(404);
    const res = await t.request('POST', `/group/${inner}/members/add`, {
      token: admin.token,
      json: [carol.uid],
    });
    expect(res.status, res.text).toBe(200);
    // Carol gets Alice and Bob before the channel that names them.
    const revealed = new Set<number>();
    await sc.waitFor((e) => {
      if (e.type === 'users_log') for (const l of e.logs) if (l.action === 'create') revealed.add(l.uid);
      return e.type === 'joined_group' && e.group.gid === inner;
    });
    expect([...revealed].sort((a, b) => a - b)).toEqual(uidsOf(alice, bob));
    const log = sc.events.find((e) => e.type === 'users_log' && e.logs.some((l) => l.uid === bob.uid));
    expect(log?.type === 'users_log' && log.logs.find((l) => l.uid === bob.uid)).toMatchObject({
      action: 'create',
      name: bob.name,
      email: bob.email,
    });
    await sb.waitFor((e) => e.type === 'users_log' && e.logs.some((l) => l.uid === carol.uid));
    expect(await listed(t, carol)).toEqual(uidsOf(alice, bob, carol));
    // What the rows told her is what a fresh client reads.
    const fresh = (await t.request('GET', '/user', { token: carol.token })).json as UserInfo[];
    for (const uid of [alice.uid, bob.uid]) {
      const row = sc.events.flatMap((e) => (e.type === 'users_log' ? e.logs : [])).find((l) => l.uid === uid);
      const { log_id: _id, action: _action, ...profile } = row!;
      const { create_by: _by, ...expected } = fresh.find((u) => u.uid === uid)!;
      expect(profile).toEqual(expected);
    }
    expect((await lookUp(carol, alice.uid)).status).toBe(200);

    // A device that was away resumes from the old version and gets them too; Dave does not.
    const resumed = await ready(await login(t, carol.email, carol.password), { users_version: version });
    const resumedLog = resumed.events.find((e) => e.type === 'users_log');
    expect(resumedLog?.type === 'users_log' && resumedLog.logs.map((l) => l.uid)).toEqual(
      expect.arrayContaining([alice.uid, bob.uid]),
    );
    const daveResumed = await ready(await login(t, dave.email, dave.password), { users_version: version });
    await barrier(t, dave, sd);
    expectNoTrace(sd, [admin, alice, bob, carol]);
    expectNoTrace(daveResumed, [admin, alice, bob, carol]);
  });

  it('a first direct message from an administrator reveals them to the member', async () => {
    const sd = await ready(dave);
    const mid = (await sendText(t, admin, { uid: dave.uid }, 'welcome')).json as number;
    let sawAdmin = false;
    await sd.waitFor((e) => {
      if (e.type === 'users_log' && e.logs.some((l) => l.uid === admin.uid)) sawAdmin = true;
      return e.type === 'chat' && e.mid === mid;
    });
    expect(sawAdmin).toBe(true);
    expect(await listed(t, dave)).toEqual(uidsOf(admin, dave));
    expect((await sendText(t, dave, { uid: admin.uid }, 'thanks')).status).toBe(200);
    expectNoTrace(sd, [alice, bob, carol]);
  });

  it('admins_only: searches find nobody else, the chat partners stay listed', async () => {
    await setVisibility(t, admin, 'admins_only');
    expect((await search(alice, bob.email)).status).toBe(404);
    expect((await search(alice, alice.email)).status).toBe(200);
    expect((await search(admin, bob.email)).status).toBe(200);
    expect(await listed(t, alice)).toEqual(uidsOf(alice, bob, carol));
    expect(await listed(t, dave)).toEqual(uidsOf(admin, dave));
    const sd = await ready(dave);
    await barrier(t, dave, sd);
    expectNoTrace(sd, [alice, bob, carol]);
  });

  it('a first public channel is shared by everyone: a restricted client gets the rest live', async () => {
    const sd = await ready(dave);
    const gid = await createChannel(t, admin, { name: 'town square', is_public: true });
    const seen = new Set<number>();
    await sd.waitFor((e) => {
      if (e.type === 'users_log') for (const l of e.logs) seen.add(l.uid);
      return [alice, bob, carol].every((u) => seen.has(u.uid));
    });
    expect(await listed(t, dave)).toEqual(expect.arrayContaining(uidsOf(admin, alice, bob, carol, dave)));
    // Gone again: restricted again; new lists show only whom Dave sees (his client is told to drop
    // the rest: test/directory-retraction.test.ts).
    expect((await t.request('DELETE', `/group/${gid}`, { token: admin.token })).status).toBe(200);
    expect(await listed(t, dave)).toEqual(uidsOf(admin, dave));
  });

  it('back to everyone: a restricted client gets the rest of the directory live', async () => {
    const sd = await ready(dave);
    await setVisibility(t, admin, 'everyone');
    const seen = new Set<number>();
    await sd.waitFor((e) => {
      if (e.type === 'users_log') for (const l of e.logs) seen.add(l.uid);
      return [alice, bob, carol].every((u) => seen.has(u.uid));
    });
    expect(await listed(t, dave)).toEqual(expect.arrayContaining(uidsOf(admin, alice, bob, carol, dave)));
  });
});
