import type { UserInfo } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { filterUsers } from './filter-users';

const user = (uid: number, name: string, email: string | null): UserInfo => ({
  uid,
  name,
  email,
  gender: 0,
  language: 'en',
  is_admin: false,
  is_bot: false,
  avatar_updated_at: 0,
  create_by: 'password',
});

const users = [user(1, 'Zoë', 'zoe@example.com'), user(2, 'adam', null), user(3, 'Bob', 'bob@corp.io')];

describe('filterUsers', () => {
  it('sorts everyone by name without a query', () => {
    expect(filterUsers(users, '  ', 'en').map((u) => u.uid)).toEqual([2, 3, 1]);
  });

  it('matches name or email ignoring case and accents', () => {
    expect(filterUsers(users, 'ZOE', 'en').map((u) => u.uid)).toEqual([1]);
    expect(filterUsers(users, 'corp', 'en').map((u) => u.uid)).toEqual([3]);
  });
});
