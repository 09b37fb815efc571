import type { UserInfo } from '@parley/protocol';
import { useMemo } from 'react';
import { parseConv, useAppSelector, type ConvKey } from '../../lib/store';

const MAX_SUGGESTIONS = 8;

/** Members one can mention here, filtered by what follows the `@` (name start first, then contains). */
export function filterCandidates(users: readonly UserInfo[], query: string): UserInfo[] {
  const q = query.toLocaleLowerCase();
  const starts = users.filter((user) => user.name.toLocaleLowerCase().startsWith(q));
  const contains = users.filter(
    (user) => !user.name.toLocaleLowerCase().startsWith(q) && user.name.toLocaleLowerCase().includes(q),
  );
  return [...starts, ...contains].slice(0, MAX_SUGGESTIONS);
}

/** Channel members (everyone for a public channel) or the other party of a DM, never oneself. */
export function useMentionCandidates(conv: ConvKey, query: string | null): UserInfo[] {
  const users = useAppSelector((state) => state.users.byId);
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const { kind, id } = parseConv(conv);
  const group = useAppSelector((state) => (kind === 'group' ? state.groups.byId[id] : undefined));
  return useMemo(() => {
    if (query === null) return [];
    const pool =
      kind === 'user'
        ? [users[id]]
        : group && !group.is_public
          ? group.members.map((uid) => users[uid])
          : Object.values(users);
    const members = pool.filter((user): user is UserInfo => !!user && user.uid !== selfUid);
    return filterCandidates(members, query);
  }, [query, kind, id, users, group, selfUid]);
}
