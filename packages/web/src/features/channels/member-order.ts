import type { Group, UserInfo } from '@parley/protocol';

export type MemberRole = 'admin' | 'bot' | 'member';

/** SPEC §4: admin means admin and not a bot. */
export const roleOf = (user: UserInfo): MemberRole =>
  user.is_bot ? 'bot' : user.is_admin ? 'admin' : 'member';

const RANK: Record<MemberRole, number> = { admin: 0, bot: 1, member: 2 };

/** Admins first, then bots, then everyone else, each by name. */
export function sortMembers(users: readonly UserInfo[], locale: string): UserInfo[] {
  return [...users].sort(
    (a, b) =>
      RANK[roleOf(a)] - RANK[roleOf(b)] ||
      a.name.localeCompare(b.name, locale, { sensitivity: 'base' }) ||
      a.uid - b.uid,
  );
}

/** Public channels list no members: everyone belongs (API.md §5.1). */
export function membersOf(group: Group, users: Record<number, UserInfo>): UserInfo[] {
  if (group.is_public) return Object.values(users);
  return group.members.map((uid) => users[uid]).filter((user): user is UserInfo => user !== undefined);
}

export function memberCount(group: Group, users: Record<number, UserInfo>): number {
  return group.is_public ? Object.keys(users).length : group.members.length;
}
