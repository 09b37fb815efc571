/**
 * Visibility a member loses is taken back from their clients (issue 13; docs/api.md "Member
 * directory"): a `users_log` row with `action: "delete"` meant for that reader alone, live and on
 * resume from an older `users_version`, when they leave or are removed from the last private
 * channel they shared with someone, when it is deleted, when they remove a contact; and, for
 * every member at once, when the setting or the last public channel makes the directory
 * restricted. A third party hears nothing of it.
 */
import { describe, expect, it } from 'vitest';
import { createChannel, createUser, login, sendText, type TestUser } from './support/server.js';
import { verifyAction } from './support/verify-action.js';
import type { TestStream } from './support/sse.js';
import {
  barrier,
  heldUids,
  listed,
  namedUids,
  rowsOf,
  setVisibility,
  startDirectoryServer,
  uidsOf,
  untilHolds,
  usersVersion,
} from './support/directory.js';

const { t, admin, alice, bob, carol, dave, ready } = await startDirectoryServer();
const eve = await createUser(t, 'Evangelina');
// Eve is the third party: she shares nothing with anyone and must hear nothing. The channels are
// created while everyone sees everyone (a member cannot add someone they do not see).
const channel = (owner: TestUser, name: string, members: TestUser[]) =>
  createChannel(t, owner, { name, is_public: false, members: members.map((m) => m.uid) });
const one = await channel(alice, 'one', [bob]);
const two = await channel(alice, 'two', [bob]);
const three = await channel(carol, 'three', [dave, alice]);
const four = await channel(bob, 'four', [dave]);
const five = await channel(alice, 'five', [dave]);
await setVisibility(t, admin, 'shared_channels');

const ok = async (res: Promise<{ status: number; text: string }>) => {
  const r = await res;
  expect(r.status, r.text).toBe(200);
};

/** Eve's stream: after a barrier it must name nobody but Eve since `from`. */
async function expectThirdPartyHeardNothing(se: TestStream, from: number) {
  await barrier(t, eve, se);
  expect(se.events.slice(from).flatMap(namedUids)).toEqual([eve.uid]);
}

/** A device of `user` resuming from `version` whose client held `held`: what it holds after. */
async function resumedHolds(user: TestUser, version: number, held: number[]) {
  const device = await login(t, user.email, user.password);
  const resumed = await ready(device, { users_version: version });
  return heldUids(resumed.events, held);
}

describe('losing the last shared relation', () => {
  it('leaving a private channel: both sides drop each other, live and on resume; a channel still shared keeps them', async () => {
    const sa = await ready(alice);
    const sb = await ready(bob);
    const se = await ready(eve);
    const from = se.events.length;
    expect(heldUids(sb.events)).toEqual(uidsOf(alice, bob, dave));
    const version = usersVersion(sb);

    // Still sharing `two`: nothing is taken back.
    await ok(t.request('GET', `/group/${one}/leave`, { token: bob.token }));
    await barrier(t, bob, sb);
    expect(rowsOf(sb, 'delete')).toEqual([]);

    await ok(t.request('GET', `/group/${two}/leave`, { token: bob.token }));
    await untilHolds(sb, [bob, dave]);
    await untilHolds(sa, [alice, carol, dave]);
    expect(await listed(t, bob)).toEqual(uidsOf(bob, dave));
    expect(await resumedHolds(bob, version, uidsOf(alice, bob, dave))).toEqual(uidsOf(bob, dave));
    await expectThirdPartyHeardNothing(se, from);
    expect(JSON.stringify(se.events)).not.toContain(alice.name);
  });

  it('removed from a private channel: the removed member and those who stay drop each other', async () => {
    const sc = await ready(carol);
    const sd = await ready(dave);
    const se = await ready(eve);
    const from = se.events.length;
    const version = usersVersion(sd);
    expect(heldUids(sd.events)).toEqual(uidsOf(alice, bob, carol, dave));

    // Dave still shares `five` with Alice and `four` with Bob: only Carol goes.
    await ok(t.request('POST', `/group/${three}/members/remove`, { token: carol.token, json: [dave.uid] }));
    await untilHolds(sd, [alice, bob, dave]);
    await untilHolds(sc, [alice, carol]);
    const held = uidsOf(alice, bob, carol, dave);
    expect(await resumedHolds(dave, version, held)).toEqual(uidsOf(alice, bob, dave));
    await expectThirdPartyHeardNothing(se, from);
  });

  it('the last shared private channel deleted: every pair of its members', async () => {
    const sb = await ready(bob);
    const sd = await ready(dave);
    const se = await ready(eve);
    const from = se.events.length;
    expect(heldUids(sb.events)).toEqual(uidsOf(bob, dave));

    await ok(t.request('DELETE', `/group/${four}`, { token: bob.token }));
    await untilHolds(sb, [bob]);
    await untilHolds(sd, [alice, dave]);
    await expectThirdPartyHeardNothing(se, from);
  });

  it('a contact removed: the one who removed them drops them, unless something else is shared', async () => {
    const contact = (action: string) =>
      ok(
        t.request('POST', '/user/update_contact_status', {
          token: dave.token,
          json: { action, target_uid: alice.uid },
        }),
      );
    await contact('add');
    const sa = await ready(alice);
    const sd = await ready(dave);
    const se = await ready(eve);
    const from = se.events.length;

    // Dave leaves `five`: he still has Alice as a contact; Alice no longer sees him (she still
    // shares `three` with Carol).
    await ok(t.request('GET', `/group/${five}/leave`, { token: dave.token }));
    await untilHolds(sa, [alice, carol]);
    await barrier(t, dave, sd);
    expect(heldUids(sd.events)).toEqual(uidsOf(alice, dave));

    await contact('remove');
    await untilHolds(sd, [dave]);
    expect(await listed(t, dave)).toEqual([dave.uid]);
    await expectThirdPartyHeardNothing(se, from);
  });
});

describe('the directory restricted for everyone at once', () => {
  const members = [alice, bob, carol, dave, eve];

  it('the setting tightened: every member drops whom they do not see; administrators keep everyone', async () => {
    await setVisibility(t, admin, 'everyone');
    await createChannel(t, alice, { name: 'six', is_public: false, members: [bob.uid] });
    const sa = await ready(alice);
    const sc = await ready(carol);
    const sadmin = await ready(admin);
    await untilHolds(sc, [admin, ...members]);
    const version = usersVersion(sc);
    const adminFrom = sadmin.events.length;

    // What is left shared: `three` (Carol, Alice) and `six` (Alice, Bob).
    await setVisibility(t, admin, 'shared_channels');
    await untilHolds(sa, [alice, bob, carol]);
    await untilHolds(sc, [alice, carol]);
    expect(await resumedHolds(carol, version, uidsOf(admin, ...members))).toEqual(uidsOf(alice, carol));
    expect(await resumedHolds(alice, version, uidsOf(admin, ...members))).toEqual(uidsOf(alice, bob, carol));
    await barrier(t, admin, sadmin);
    expect(rowsOf(sadmin, 'delete', adminFrom)).toEqual([]);
    // A fresh client lists the same.
    const fresh = await ready(await login(t, carol.email, carol.password));
    expect(heldUids(fresh.events)).toEqual(uidsOf(alice, carol));
  });

  it('the last public channel deleted while restricted', async () => {
    const gid = await createChannel(t, admin, { name: 'square', is_public: true });
    const sd = await ready(dave);
    await untilHolds(sd, [admin, ...members]);
    await ok(t.request('DELETE', `/group/${gid}`, { token: admin.token }));
    await untilHolds(sd, [dave]);
  });

  it('the last public channel made private while restricted: its chosen members keep each other', async () => {
    const gid = await createChannel(t, admin, { name: 'plaza', is_public: true });
    const sd = await ready(dave);
    const sb = await ready(bob);
    await untilHolds(sd, [admin, ...members]);
    await ok(
      t.request('POST', `/group/${gid}/change_type`, {
        token: admin.token,
        json: { is_public: false, members: [dave.uid] },
      }),
    );
    await untilHolds(sd, [admin, dave]);
    await untilHolds(sb, [alice, bob]);
  });
});

describe('bootstrap, act, compare (test/support/verify-action.ts)', () => {
  it('removed from the last shared channel: the live state equals a fresh one, for both sides', async () => {
    const frank = await createUser(t, 'Franco');
    const gina = await createUser(t, 'Gina');
    // The administrator writes first, so the barrier message of verifyAction reveals nobody; they
    // may put the two in a channel (a member cannot add someone they do not see).
    await ok(sendText(t, admin, { uid: frank.uid }, 'welcome'));
    await ok(sendText(t, admin, { uid: gina.uid }, 'welcome'));
    // Each side's own profile change ends the action: its row is the newest for that reader,
    // so the live client's `users_version` is the fresh snapshot's.
    const rename = (user: TestUser, name: string) =>
      ok(t.request('PUT', '/user', { token: user.token, json: { name } }));
    const remove = (gid: number) =>
      ok(t.request('POST', `/group/${gid}/members/remove`, { token: admin.token, json: [frank.uid] }));

    const seven = await channel(admin, 'seven', [frank, gina]);
    const removed = await verifyAction(
      t,
      frank,
      async () => {
        await remove(seven);
        await rename(frank, 'Franco2');
      },
      { peer: admin, events: ['kick_from_group', 'users_log', 'users_log'] },
    );
    expect(removed[1]).toMatchObject({ type: 'users_log', logs: [{ action: 'delete', uid: gina.uid }] });

    const eight = await channel(admin, 'eight', [frank, gina]);
    const stays = await verifyAction(
      t,
      gina,
      async () => {
        await remove(eight);
        await rename(gina, 'Gina2');
      },
      { peer: admin, events: ['user_leaved_group', 'users_log', 'users_log'] },
    );
    expect(stays[1]).toMatchObject({ type: 'users_log', logs: [{ action: 'delete', uid: frank.uid }] });
  });
});

describe('every message cleared', () => {
  it('the two sides of a direct conversation drop each other when nothing else is shared', async () => {
    const harry = await createUser(t, 'Harold');
    const ivy = await createUser(t, 'Ivonne');
    const gid = await channel(admin, 'nine', [harry, ivy]);
    await ok(sendText(t, harry, { uid: ivy.uid }, 'hi Ivy'));
    await ok(t.request('POST', `/group/${gid}/members/remove`, { token: admin.token, json: [ivy.uid] }));
    const sh = await ready(harry);
    const si = await ready(ivy);
    const se = await ready(eve);
    const from = se.events.length;
    // The direct message still shows them to each other.
    expect(heldUids(si.events)).toEqual(uidsOf(harry, ivy));

    await ok(t.request('DELETE', '/admin/system/message/clear', { token: admin.token }));
    await untilHolds(si, [ivy]);
    await untilHolds(sh, [admin, harry]);
    await expectThirdPartyHeardNothing(se, from);
  });
});

describe('resuming', () => {
  it('a user shown by a row of the reader’s own and then deleted is deleted on resume too', async () => {
    const jack = await createUser(t, 'Jacobo');
    const kim = await createUser(t, 'Kimberly');
    const sj = await ready(jack);
    const version = usersVersion(sj);
    await channel(admin, 'ten', [jack, kim]);
    await untilHolds(sj, [admin, jack, kim]);
    await ok(t.request('DELETE', `/admin/user/${kim.uid}`, { token: admin.token }));
    await untilHolds(sj, [admin, jack]);
    expect(await resumedHolds(jack, version, [jack.uid])).toEqual(uidsOf(admin, jack));
  });
});
