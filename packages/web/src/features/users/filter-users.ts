import type { UserInfo } from '@parley/protocol';

/** Users whose name or email contains the query (case and accent insensitive), sorted by name. */
export function filterUsers(users: readonly UserInfo[], query: string, locale: string): UserInfo[] {
  const needle = normalize(query.trim());
  const matches = needle
    ? users.filter(
        (user) => normalize(user.name).includes(needle) || normalize(user.email ?? '').includes(needle),
      )
    : [...users];
  return matches.sort(
    (a, b) => a.name.localeCompare(b.name, locale, { sensitivity: 'base' }) || a.uid - b.uid,
  );
}

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
