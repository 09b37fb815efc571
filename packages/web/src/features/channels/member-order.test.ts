import { DEFAULT_CHANNEL_SWITCHES, type Group, type UserInfo } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { memberCount, membersOf, roleOf, sortMembers } from './member-order';

const user = (uid: number, name: string, extra: Partial<UserInfo> = {}): UserInfo => ({
  uid,
  name,
  email: null,
  gender: 0,
  language: 'en',
  is_admin: false,
  is_bot: false,
  avatar_updated_at: 0,
  create_by: 'password',
  ...extra,
});

const users = {
  1: user(1, 'zed', { is_admin: true }),
  2: user(2, 'Amy'),
  3: user(3, 'bot', { is_bot: true, is_admin: true }),
  4: user(4, 'bea'),
};

const group = (extra: Partial<Group>): Group => ({
  gid: 1,
  owner: 1,
  name: 'g',
  description: null,
  members: [1, 2, 9],
  is_public: false,
  avatar_updated_at: 0,
  pinned_messages: [],
  ...DEFAULT_CHANNEL_SWITCHES,
  ...extra,
});

describe('members', () => {
  it('treats an admin bot as a bot', () => {
    expect(roleOf(users[3])).toBe('bot');
  });

  it('sorts admins, then bots, then others by name', () => {
    expect(sortMembers(Object.values(users), 'en').map((u) => u.uid)).toEqual([1, 3, 2, 4]);
  });

  it('uses everyone for public channels and known members for private ones', () => {
    expect(membersOf(group({ is_public: true, members: [] }), users)).toHaveLength(4);
    expect(membersOf(group({}), users).map((u) => u.uid)).toEqual([1, 2]);
    expect(memberCount(group({}), users)).toBe(3);
    expect(memberCount(group({ is_public: true }), users)).toBe(4);
  });
});
