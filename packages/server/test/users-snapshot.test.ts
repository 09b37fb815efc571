/**
 * The `users_snapshot` of a stream's initial sync is read and serialised once per users_version
 * and reused (services/users-snapshot.ts, issue 9). Every stream must still get the directory as
 * it is when it opens: each change of the directory moves the version, so the next stream gets
 * the new one, on every node.
 */
import type { ServerEvent, UserInfo } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { createAdmin, createChannel, createUser, type TestServer, useTestServer } from './support/server.js';
import { streamsClosedAfterEach } from './support/sse.js';

const t = useTestServer({ fresh: true });
const { open } = streamsClosedAfterEach();

type Snapshot = Extract<ServerEvent, { type: 'users_snapshot' }>;

async function snapshotOf(server: TestServer, token: string): Promise<Snapshot> {
  const s = await open(server.url, token);
  await s.ready();
  const snapshot = s.events.find((e): e is Snapshot => e.type === 'users_snapshot');
  if (!snapshot) throw new Error('no users_snapshot');
  s.close();
  return snapshot;
}

const byUid = (users: readonly UserInfo[]) => new Map(users.map((u) => [u.uid, u]));

describe('users_snapshot reused per version', () => {
  it('gives streams of one version the same snapshot, and the next change to the next stream', async () => {
    const admin = await createAdmin(t);
    await createChannel(t, admin, { name: 'general', is_public: true });
    const alice = await createUser(t, 'alice');

    const first = await snapshotOf(t, admin.token);
    expect(await snapshotOf(t, alice.token)).toEqual(first);
    expect(byUid(first.users).get(alice.uid)?.name).toBe('alice');

    // A profile change.
    expect((await t.request('PUT', '/user', { token: alice.token, json: { name: 'alicia' } })).status).toBe(
      200,
    );
    const renamed = await snapshotOf(t, admin.token);
    expect(renamed.version).toBeGreaterThan(first.version);
    expect(byUid(renamed.users).get(alice.uid)?.name).toBe('alicia');

    // A new user.
    const bob = await createUser(t, 'bob');
    const joined = await snapshotOf(t, alice.token);
    expect(joined.version).toBeGreaterThan(renamed.version);
    expect(byUid(joined.users).has(bob.uid)).toBe(true);

    // A deleted account.
    expect((await t.request('DELETE', '/user/delete', { token: bob.token })).status).toBe(200);
    const left = await snapshotOf(t, admin.token);
    expect(left.version).toBeGreaterThan(joined.version);
    expect(byUid(left.users).has(bob.uid)).toBe(false);
    expect([...byUid(left.users).keys()].sort()).toEqual([admin.uid, alice.uid].sort());
  });

  it('gives a guest the shared snapshot without e-mail addresses, and members theirs with them', async () => {
    const admin = await createAdmin(t);
    await createChannel(t, admin, { name: 'general', is_public: true });
    const config = (await t.request('GET', '/admin/login/config', { token: admin.token })).json as object;
    expect(
      (
        await t.request('POST', '/admin/login/config', {
          token: admin.token,
          json: { ...config, guest: true },
        })
      ).status,
    ).toBe(200);
    const guest = (await t.request('GET', '/token/login_guest')).json as { token: string };

    const member = await snapshotOf(t, admin.token);
    const asGuest = await snapshotOf(t, guest.token);
    expect(asGuest.version).toBe(member.version);
    expect(asGuest.users.map((u) => u.uid)).toEqual(member.users.map((u) => u.uid));
    expect(asGuest.users.every((u) => u.email === null)).toBe(true);
    expect(byUid(member.users).get(admin.uid)?.email).toBe(admin.email);
    // …and the member's snapshot after the guest's is still the one with addresses.
    expect(await snapshotOf(t, admin.token)).toEqual(member);
  });
});
