import { describe, expect, it } from 'vitest';
import { SELF, events, group, loggedIn, run, user } from '../test/fixtures';

const withGroups = () =>
  events(loggedIn(), {
    type: 'related_groups',
    groups: [group(1), group(2, { is_public: true, members: [], owner: null })],
  });

const changed = { name: null, description: null, owner: null, avatar_updated_at: null, is_public: null };

describe('groups reducer', () => {
  it('takes related_groups as the complete list', () => {
    const state = events(withGroups(), { type: 'related_groups', groups: [group(3)] });
    expect(Object.keys(state.groups.byId)).toEqual(['3']);
    expect(state.groups.loaded).toBe(true);
  });

  it('adds a joined group and merges group_changed fields that are not null', () => {
    const state = events(
      withGroups(),
      { type: 'joined_group', group: group(9, { name: 'nine' }) },
      { type: 'group_changed', gid: 9, ...changed, description: 'about nine' },
    );
    expect(state.groups.byId[9]).toMatchObject({ name: 'nine', description: 'about nine' });
  });

  it('adds and removes members of private groups only', () => {
    const state = events(
      withGroups(),
      { type: 'user_joined_group', gid: 1, uid: [3, 4] },
      { type: 'user_leaved_group', gid: 1, uid: [2] },
      { type: 'user_joined_group', gid: 2, uid: [3] },
    );
    expect(state.groups.byId[1]?.members).toEqual([SELF, 3, 4]);
    expect(state.groups.byId[2]?.members).toEqual([]);
  });

  it('removes the group when I am among the leavers or kicked', () => {
    const left = events(withGroups(), { type: 'user_leaved_group', gid: 1, uid: [SELF] });
    expect(left.groups.byId[1]).toBeUndefined();
    const kicked = events(withGroups(), { type: 'kick_from_group', gid: 2, reason: 'group_deleted' });
    expect(kicked.groups.byId[2]).toBeUndefined();
  });

  it('empties members when a group turns public and fills them with all users when it turns private', () => {
    const base = run(withGroups(), { type: 'users/loaded', users: [user(SELF), user(2), user(3)] });
    const publicNow = events(base, { type: 'group_changed', gid: 1, ...changed, is_public: true });
    expect(publicNow.groups.byId[1]).toMatchObject({ is_public: true, members: [] });
    const privateNow = events(base, { type: 'group_changed', gid: 2, ...changed, is_public: false });
    expect(privateNow.groups.byId[2]).toMatchObject({ is_public: false, members: [1, 2, 3] });
  });

  it('replaces a pinned message with the same mid and removes it on null', () => {
    const pin = {
      mid: 4,
      created_by: SELF,
      created_at: 10,
      properties: null,
      content_type: 'text/plain',
      content: 'a',
    };
    const state = events(
      withGroups(),
      { type: 'pinned_message_updated', gid: 1, mid: 4, msg: pin },
      { type: 'pinned_message_updated', gid: 1, mid: 4, msg: { ...pin, content: 'b' } },
    );
    expect(state.groups.byId[1]?.pinned_messages.map((p) => p.content)).toEqual(['b']);
    const unpinned = events(state, { type: 'pinned_message_updated', gid: 1, mid: 4, msg: null });
    expect(unpinned.groups.byId[1]?.pinned_messages).toEqual([]);
  });

  it('keeps a locally created group until the stream sends the real one', () => {
    const state = run(withGroups(), { type: 'groups/created', group: group(8, { name: 'local' }) });
    expect(state.groups.byId[8]?.name).toBe('local');
    const real = events(state, { type: 'joined_group', group: group(8, { name: 'server' }) });
    expect(real.groups.byId[8]?.name).toBe('server');
  });
});
