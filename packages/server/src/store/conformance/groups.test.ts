import { DEFAULT_CHANNEL_SWITCHES } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { useTestStore } from '../../../test/support/databases.js';
import { newGroup, newUser, T0 } from '../../../test/support/store-fixtures.js';

describe('store conformance: groups', () => {
  const db = useTestStore();
  const groups = () => db().store.groups;
  const makeUsers = async (n: number) => {
    const uids: number[] = [];
    for (let i = 0; i < n; i++) uids.push((await db().store.users.create(newUser())).uid);
    return uids;
  };

  it('creates a group and reads it back exactly', async () => {
    const [owner] = await makeUsers(1);
    const input = newGroup({ description: 'about', owner: owner!, is_public: false, avatar_updated_at: T0 });
    const g = await groups().create(input);
    expect(g).toEqual({ ...DEFAULT_CHANNEL_SWITCHES, ...input, gid: g.gid });
    expect(typeof g.is_public).toBe('boolean');
    expect(await groups().get(g.gid)).toEqual(g);
    expect(await groups().get(999_999)).toBeUndefined();
  });

  it('updates only the given fields', async () => {
    const g = await groups().create(newGroup({ description: 'old' }));
    const updated = await groups().update(g.gid, { name: 'Renamed', is_public: false, description: null });
    expect(updated).toEqual({ ...g, name: 'Renamed', is_public: false, description: null });
    expect(await groups().update(g.gid, {})).toEqual(updated);
    expect(await groups().update(999_999, { name: 'x' })).toBeUndefined();
  });

  it('lists public groups plus the private groups of a member, ascending', async () => {
    const [member, outsider] = await makeUsers(2);
    const pub = await groups().create(newGroup({ is_public: true }));
    const mine = await groups().create(newGroup({ is_public: false }));
    const theirs = await groups().create(newGroup({ is_public: false }));
    await groups().addMembers(mine.gid, [member!], T0);
    await groups().addMembers(theirs.gid, [outsider!], T0);

    const visible = (await groups().listVisibleTo(member!)).map((g) => g.gid);
    expect(visible).toContain(pub.gid);
    expect(visible).toContain(mine.gid);
    expect(visible).not.toContain(theirs.gid);
    expect(visible).toEqual([...visible].sort((a, b) => a - b));

    const all = (await groups().listAll()).map((g) => g.gid);
    expect(all).toEqual(expect.arrayContaining([pub.gid, mine.gid, theirs.gid]));
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(await groups().count()).toBe(all.length);
  });

  it('adds only new members and removes only existing ones, reporting which', async () => {
    const [a, b, c] = await makeUsers(3);
    const g = await groups().create(newGroup());
    expect(await groups().addMembers(g.gid, [b!, a!, b!], T0)).toEqual([a, b]);
    expect(await groups().addMembers(g.gid, [a!, c!], T0)).toEqual([c]);
    expect(await groups().addMembers(g.gid, [], T0)).toEqual([]);
    expect(await groups().members(g.gid)).toEqual([a, b, c]);
    expect(await groups().isMember(g.gid, b!)).toBe(true);

    expect(await groups().removeMembers(g.gid, [b!, 999_999])).toEqual([b]);
    expect(await groups().removeMembers(g.gid, [b!])).toEqual([]);
    expect(await groups().removeMembers(g.gid, [])).toEqual([]);
    expect(await groups().isMember(g.gid, b!)).toBe(false);
    expect(await groups().members(g.gid)).toEqual([a, c]);

    await groups().clearMembers(g.gid);
    expect(await groups().members(g.gid)).toEqual([]);
  });

  it('adds many members in one call', async () => {
    const uids = await makeUsers(60);
    const g = await groups().create(newGroup());
    expect(await groups().addMembers(g.gid, uids, T0)).toEqual(uids);
    expect(await groups().members(g.gid)).toEqual(uids);
  });

  it('returns the members of many groups at once, with an entry for every requested gid', async () => {
    const [a, b, c] = await makeUsers(3);
    const g1 = await groups().create(newGroup());
    const g2 = await groups().create(newGroup());
    const empty = await groups().create(newGroup());
    await groups().addMembers(g1.gid, [c!, a!], T0);
    await groups().addMembers(g2.gid, [b!], T0);
    const map = await groups().membersOf([g1.gid, g2.gid, empty.gid]);
    expect([...map.entries()].sort(([x], [y]) => x - y)).toEqual([
      [g1.gid, [a, c]],
      [g2.gid, [b]],
      [empty.gid, []],
    ]);
    expect((await groups().membersOf([])).size).toBe(0);
  });

  it('removes a user from every group', async () => {
    const [a, b] = await makeUsers(2);
    const g1 = await groups().create(newGroup());
    const g2 = await groups().create(newGroup());
    const g3 = await groups().create(newGroup());
    await groups().addMembers(g2.gid, [a!, b!], T0);
    await groups().addMembers(g1.gid, [a!], T0);
    await groups().addMembers(g3.gid, [b!], T0);
    expect(await groups().removeUserEverywhere(a!)).toEqual([g1.gid, g2.gid]);
    expect(await groups().removeUserEverywhere(a!)).toEqual([]);
    expect(await groups().members(g2.gid)).toEqual([b]);
  });

  it('deletes a group with its memberships and invites but keeps its messages', async () => {
    const { store } = db();
    const [a] = await makeUsers(1);
    const g = await groups().create(newGroup({ is_public: false }));
    await groups().addMembers(g.gid, [a!], T0);
    await store.invites.create({
      token_hash: `inv-${g.gid}`,
      kind: 'register',
      gid: g.gid,
      created_by: a!,
      created_at: T0,
      expires_at: T0 + 1,
      max_times: 1,
      used_times: 0,
    });
    const msg = await store.messages.insert({
      from_uid: a!,
      target: { gid: g.gid },
      created_at: T0,
      detail: {
        type: 'normal',
        properties: null,
        content_type: 'text/plain',
        content: 'kept',
        expires_in: null,
      },
    });

    expect(await groups().delete(g.gid)).toBe(true);
    expect(await groups().delete(g.gid)).toBe(false);
    expect(await groups().get(g.gid)).toBeUndefined();
    expect(await groups().members(g.gid)).toEqual([]);
    expect(await groups().listVisibleTo(a!)).not.toContainEqual(expect.objectContaining({ gid: g.gid }));
    expect(await store.invites.get(`inv-${g.gid}`)).toBeUndefined();
    expect(await store.messages.get(msg.mid)).toEqual(msg);

    // A new group never takes the deleted one's gid (its old messages must not show up there).
    const next = await groups().create(newGroup());
    expect(next.gid).toBeGreaterThan(g.gid);
  });
});
