import { useEffect, useRef } from 'react';
import { getHistory, HISTORY_PAGE_SIZE } from '../../lib/api';
import { dispatch, getState, parseConv, type Conversation, type ConvKey } from '../../lib/store';

/** Badges show "99+" above this, so counting further is not needed. */
export const UNREAD_DISPLAY_CAP = 99;

/**
 * A new device receives only the newest messages of each conversation; when every one of them is
 * unread, the badge would stop at that number. Such a conversation needs older history until the
 * read position or the display cap is reached.
 */
export function needsBackfill(
  conversation: Conversation | undefined,
  readMid: number,
  unread: number,
): boolean {
  if (!conversation || conversation.exhausted || conversation.oldest === null) return false;
  return unread > 0 && unread <= UNREAD_DISPLAY_CAP && conversation.oldest > readMid;
}

/** Loads one older page for each listed conversation whose unread count is cut off (see above). */
export function useUnreadBackfill(entries: { conv: ConvKey; unread: number; readMid: number }[]) {
  // One request per conversation and cursor: a failed or empty page is not retried in a loop.
  const requested = useRef(new Set<string>());
  useEffect(() => {
    for (const { conv, unread, readMid } of entries) {
      const conversation = getState().messages.convs[conv];
      if (!needsBackfill(conversation, readMid, unread)) continue;
      const key = `${conv}@${conversation?.oldest}`;
      if (requested.current.has(key)) continue;
      requested.current.add(key);
      getHistory(parseConv(conv), conversation?.oldest ?? null)
        .then((page) =>
          dispatch({
            type: 'messages/history',
            conv,
            messages: Array.isArray(page) ? page : [],
            limit: HISTORY_PAGE_SIZE,
          }),
        )
        .catch(() => undefined);
    }
  }, [entries]);
}
