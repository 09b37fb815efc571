import { useEffect, useRef, useState } from 'react';
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

/**
 * Loads one older page for each listed conversation whose unread count is cut off (see above).
 * Answers whether the counts are settled: nothing left to load, or only pages that failed.
 */
export function useUnreadBackfill(entries: { conv: ConvKey; unread: number; readMid: number }[]): boolean {
  // One request per conversation and cursor: a failed or empty page is not retried in a loop.
  const requested = useRef(new Set<string>());
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const pending = entries.filter(({ conv, unread, readMid }) => {
    const conversation = getState().messages.convs[conv];
    return needsBackfill(conversation, readMid, unread) && !failed.has(cursorKey(conv, conversation));
  });
  useEffect(() => {
    for (const { conv } of pending) {
      const conversation = getState().messages.convs[conv];
      const key = cursorKey(conv, conversation);
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
        .catch(() => setFailed((before) => new Set(before).add(key)));
    }
  });
  return pending.length === 0;
}

const cursorKey = (conv: ConvKey, conversation: Conversation | undefined) =>
  `${conv}@${conversation?.oldest}`;
