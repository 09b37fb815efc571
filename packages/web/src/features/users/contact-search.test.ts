import type { UserInfo } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { byContactStatus, guessSearchType } from './contact-search';

const user = (uid: number): UserInfo => ({
  uid,
  name: `u${uid}`,
  email: null,
  gender: 0,
  language: 'en',
  is_admin: false,
  is_bot: false,
  avatar_updated_at: 0,
  create_by: 'password',
});

describe('contacts', () => {
  it('guesses the search kind from the keyword', () => {
    expect(guessSearchType(' 42 ')).toBe('id');
    expect(guessSearchType('ana@example.com')).toBe('email');
    expect(guessSearchType('Ana Lopez')).toBe('name');
  });

  it('filters the member list by contact status', () => {
    const users = [user(1), user(2), user(3)];
    const contacts = { 1: 'added', 3: 'blocked' } as const;
    expect(byContactStatus(users, contacts, 'all').map((u) => u.uid)).toEqual([1, 2, 3]);
    expect(byContactStatus(users, contacts, 'added').map((u) => u.uid)).toEqual([1]);
    expect(byContactStatus(users, contacts, 'blocked').map((u) => u.uid)).toEqual([3]);
  });
});
