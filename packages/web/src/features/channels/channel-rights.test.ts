import { DEFAULT_CHANNEL_SWITCHES, type Group, type UserInfo } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { channelRights } from './channel-rights';

const user = (uid: number, extra: Partial<UserInfo> = {}): UserInfo => ({
  uid,
  name: `u${uid}`,
  email: null,
  gender: 0,
  language: 'en',
  is_admin: false,
  is_bot: false,
  avatar_updated_at: 0,
  create_by: 'password',
  ...extra,
});
const group = (extra: Partial<Group> = {}): Group => ({
  gid: 1,
  owner: 1,
  name: 'g',
  description: null,
  members: [1, 2],
  is_public: false,
  avatar_updated_at: 0,
  pinned_messages: [],
  ...DEFAULT_CHANNEL_SWITCHES,
  ...extra,
});

describe('channelRights', () => {
  it('the owner manages, transfers and cannot leave; a member adds people and leaves', () => {
    expect(channelRights(group(), user(1))).toMatchObject({ manage: true, transfer: true, leave: false });
    expect(channelRights(group(), user(2))).toMatchObject({
      manage: false,
      addMembers: true,
      transfer: false,
      leave: true,
      send: true,
    });
  });

  it('only the owner and administrators send while only_owner_can_send_msg is on', () => {
    const g = group({ only_owner_can_send_msg: true });
    expect(channelRights(g, user(1)).send).toBe(true);
    expect(channelRights(g, user(2)).send).toBe(false);
    expect(
      channelRights(
        group({ is_public: true, owner: null, members: [], only_owner_can_send_msg: true }),
        user(3, { is_admin: true }),
      ).send,
    ).toBe(true);
  });

  it('a public channel has no members to add or leave; guests may do nothing', () => {
    const pub = group({ is_public: true, owner: null, members: [] });
    expect(channelRights(pub, user(2))).toMatchObject({
      addMembers: false,
      leave: false,
      manage: false,
      send: true,
    });
    expect(channelRights(pub, user(9, { create_by: 'guest' })).send).toBe(false);
  });
});
