import { parseConv } from './conversation';
import { isMuted } from './reducers/chat-settings';
import type { AppState, ConvKey } from './state';

/**
 * Unread messages from others across every conversation the user still has, muted ones left out
 * (SPEC §4: a muted conversation makes no noise): the page title carries this count (issue 10).
 * Same rule as the sidebar's per-conversation count: newer than the read index, not own, not sending.
 */
export function totalUnread(state: AppState, now: number): number {
  const selfUid = state.auth?.user.uid ?? null;
  let total = 0;
  for (const [key, conversation] of Object.entries(state.messages.convs)) {
    const conv = key as ConvKey;
    if (!conversation || isMuted(state.chatSettings, conv, now)) continue;
    const { kind, id } = parseConv(conv);
    if (kind === 'group' && !state.groups.byId[id]) continue;
    const readMid = kind === 'group' ? (state.reads.groups[id] ?? 0) : (state.reads.users[id] ?? 0);
    for (let i = conversation.mids.length - 1; i >= 0; i--) {
      const mid = conversation.mids[i] as number;
      if (mid <= readMid) break;
      const message = state.messages.byMid[mid];
      if (message && !message.sending && message.fromUid !== selfUid) total++;
    }
  }
  return total;
}

/** The title's prefix: the real count, so nothing is lost behind a "99+". */
export const unreadTitle = (title: string, unread: number): string =>
  unread > 0 ? `(${unread}) ${title}` : title;
