import type { Audience } from '../realtime/bus.js';
import type { GroupRecord } from '../store/types.js';

/** Who receives a channel's events: everyone for a public channel, its members otherwise. */
export function groupAudience(group: GroupRecord, members: readonly number[]): Audience {
  return group.is_public ? { kind: 'all' } : { kind: 'users', uids: members };
}

export const usersAudience = (...uids: number[]): Audience => ({ kind: 'users', uids: [...new Set(uids)] });
