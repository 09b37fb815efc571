/**
 * The member directory follows a change of role (issue 13; docs/api.md "Member directory"): a
 * member promoted to administrator gets every user they did not see, live on their open streams
 * and when another device resumes from an older `users_version`; a demoted administrator's clients
 * drop the users a member does not see. Nobody else hears of it.
 */
import { describe, expect, it } from 'vitest';
import { createChannel, login, type TestUser } from './support/server.js';
import {
  barrier,
  heldUids,
  listed,
  namedUids,
  rowsOf,
  setVisibility,
  snapshotVersion,
  startDirectoryServer,
  uidsOf,
  untilHolds,
  usersVersion,
} from './support/directory.js';

const { t, admin, alice, bob, carol, dave, ready } = await startDirectoryServer();
// No public channel (everyone would share it). Alice and Bob meet in a private one.
await createChannel(t, alice, { name: 'inner', is_public: false, members: [bob.uid] });
await setVisibility(t, admin, 'shared_channels');

const setRole = async (user: TestUser, isAdmin: boolean) => {
  const res = await t.request('PUT', `/admin/user/${user.uid}`, {
    token: admin.token,
    json: { is_admin: isAdmin },
  });
  expect(res.status, res.text).toBe(200);
};
const everyone = [admin, alice, bob, carol, dave];

describe('a change of role while the directory is restricted', () => {
  let beforePromotion = 0;

  it('promoted: the open stream gets every user it did not see, with their profiles', async () => {
    const sc = await ready(carol);
    expect(heldUids(sc.events)).toEqual([carol.uid]);
    beforePromotion = await snapshotVersion(sc);
    const sd = await ready(dave);
    const daveFrom = sd.events.length;

    await setRole(carol, true);
    await untilHolds(sc, everyone);
    const row = sc.events
      .flatMap((e) => (e.type === 'users_log' ? e.logs : []))
      .find((l) => l.uid === alice.uid);
    expect(row).toMatchObject({ action: 'create', name: alice.name, email: alice.email, is_admin: false });
    expect(await listed(t, carol)).toEqual(uidsOf(...everyone));
    // The rows were Carol's alone: Dave, who sees nobody, heard nothing of anyone.
    await barrier(t, dave, sd);
    expect(sd.events.slice(daveFrom).flatMap(namedUids)).toEqual([dave.uid]);
  });

  it('promoted: a device resuming from before the promotion gets them too', async () => {
    const device = await login(t, carol.email, carol.password);
    const resumed = await ready(device, { users_version: beforePromotion });
    expect(heldUids(resumed.events, [carol.uid])).toEqual(uidsOf(...everyone));
    // Its cursor is exact: the newest row of the log.
    expect(usersVersion(resumed)).toBe(await t.db.store.userLog.latestVersion());
  });

  it('promoted: news about anyone reaches them live from then on', async () => {
    const sc = await ready(carol);
    const renamed = await t.request('PUT', '/user', { token: dave.token, json: { name: 'Davida2' } });
    expect(renamed.status).toBe(200);
    await sc.waitFor(
      (e) => e.type === 'users_log' && e.logs.some((l) => l.uid === dave.uid && l.name === 'Davida2'),
    );
  });

  it('demoted: the open stream drops the users a member does not see, and so does a resume', async () => {
    const sc = await ready(carol);
    const sa = await ready(alice);
    const aliceFrom = sa.events.length;
    const from = sc.events.length;
    const version = usersVersion(sc);

    await setRole(carol, false);
    await untilHolds(sc, [carol]);
    expect(rowsOf(sc, 'delete', from).sort((a, b) => a - b)).toEqual(uidsOf(admin, alice, bob, dave));
    expect(await listed(t, carol)).toEqual([carol.uid]);
    const device = await login(t, carol.email, carol.password);
    const resumed = await ready(device, { users_version: version });
    expect(heldUids(resumed.events, uidsOf(...everyone))).toEqual([carol.uid]);
    // Alice (who does not see Carol) was told nothing about anyone being taken back.
    await barrier(t, alice, sa);
    expect(rowsOf(sa, 'delete', aliceFrom)).toEqual([]);
    expect(sa.events.slice(aliceFrom).flatMap(namedUids)).not.toContain(carol.uid);
  });

  it('a fresh stream after all that lists what the rows left', async () => {
    const sc = await ready(await login(t, carol.email, carol.password));
    expect(heldUids(sc.events)).toEqual([carol.uid]);
  });
});

describe('a change of role while everyone sees everyone', () => {
  it('writes no rows but the role change itself', async () => {
    await setVisibility(t, admin, 'everyone');
    const sb = await ready(bob);
    const from = sb.events.length;
    await setRole(bob, true);
    await setRole(bob, false);
    await barrier(t, bob, sb);
    const logs = sb.events.slice(from).flatMap((e) => (e.type === 'users_log' ? e.logs : []));
    expect(logs.filter((l) => l.uid !== bob.uid)).toEqual([]);
  });
});
