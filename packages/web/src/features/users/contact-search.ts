import type { SearchUserRequest, UserInfo } from '@parley/protocol';
import type { ChatSettingsState } from '../../lib/store';

export type SearchType = SearchUserRequest['search_type'];
export type ContactFilterValue = 'all' | 'added' | 'blocked';

/** The likely kind of a keyword: digits are an id, an `@` an e-mail, anything else a name. */
export function guessSearchType(keyword: string): SearchType {
  const trimmed = keyword.trim();
  if (/^\d+$/.test(trimmed)) return 'id';
  if (trimmed.includes('@')) return 'email';
  return 'name';
}

/** Everyone, only the user's contacts, or only the people they blocked. */
export function byContactStatus(
  users: readonly UserInfo[],
  contacts: ChatSettingsState['contacts'],
  filter: ContactFilterValue,
): UserInfo[] {
  if (filter === 'all') return [...users];
  return users.filter((user) => contacts[user.uid] === filter);
}
