import { useCallback, useRef, useState } from 'react';
import { getHistory, HISTORY_PAGE_SIZE } from '../../lib/api';
import { dispatch, getState, parseConv, type ConvKey } from '../../lib/store';

/** After a failed page, automatic loads pause this long so an error cannot turn into a request loop. */
const RETRY_PAUSE_MS = 5000;

/** Loads the page before the oldest record held (`GET …/history?limit=100&before=`). */
export function useLoadOlder(conv: ConvKey, beforeApply: () => void) {
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const failedAt = useRef(0);

  const loadOlder = useCallback(async () => {
    const conversation = getState().messages.convs[conv];
    if (busy.current || conversation?.exhausted || Date.now() - failedAt.current < RETRY_PAUSE_MS) return;
    busy.current = true;
    setLoading(true);
    try {
      const page = await getHistory(parseConv(conv), conversation?.oldest ?? null);
      beforeApply();
      dispatch({
        type: 'messages/history',
        conv,
        messages: Array.isArray(page) ? page : [],
        limit: HISTORY_PAGE_SIZE,
      });
    } catch {
      failedAt.current = Date.now();
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [conv, beforeApply]);

  return { loading, loadOlder };
}
