import type { LikeRecord } from '../../lib/store';

export interface ReactionSummary {
  action: string;
  uids: number[];
}

/**
 * Folds like records in mid order: a second identical like from the same user removes the first
 * (API.md §6.2, §15.7). Reactions keep the order in which they first appeared.
 */
export function summarizeLikes(likes: readonly LikeRecord[]): ReactionSummary[] {
  const byAction = new Map<string, Set<number>>();
  for (const like of [...likes].sort((a, b) => a.mid - b.mid)) {
    if (!like.action) continue;
    const users = byAction.get(like.action) ?? new Set<number>();
    if (users.has(like.uid)) users.delete(like.uid);
    else users.add(like.uid);
    byAction.set(like.action, users);
  }
  return [...byAction.entries()]
    .filter(([, users]) => users.size > 0)
    .map(([action, users]) => ({ action, uids: [...users] }));
}
