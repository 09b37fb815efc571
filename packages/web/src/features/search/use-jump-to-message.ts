import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getHistory, HISTORY_PAGE_SIZE } from '../../lib/api';
import { dispatch, getState, parseConv, type ConvKey } from '../../lib/store';

const FOUND_MS = 3000;
const MAX_STEPS = 60;

/**
 * `?mid=` on a conversation's route (a search hit): loads older history until the message is
 * there, scrolls it to the middle and marks it for a few seconds, then drops the parameter.
 */
export function useJumpToMessage(conv: ConvKey) {
  const [params, setParams] = useSearchParams();
  const mid = Number(params.get('mid') ?? '');
  useEffect(() => {
    if (!Number.isSafeInteger(mid) || mid <= 0) return;
    let cancelled = false;
    const run = async () => {
      for (let step = 0; step < MAX_STEPS && !cancelled; step++) {
        const element = document.querySelector<HTMLElement>(`[data-testid="message"][data-mid="${mid}"]`);
        if (element) {
          element.scrollIntoView({ block: 'center' });
          element.dataset.found = 'true';
          setTimeout(() => delete element.dataset.found, FOUND_MS);
          setParams({}, { replace: true });
          return;
        }
        const conversation = getState().messages.convs[conv];
        if (
          conversation &&
          !conversation.exhausted &&
          conversation.oldest !== null &&
          conversation.oldest > mid
        ) {
          const page = await getHistory(parseConv(conv), conversation.oldest).catch(() => null);
          if (cancelled) return;
          if (Array.isArray(page)) {
            dispatch({ type: 'messages/history', conv, messages: page, limit: HISTORY_PAGE_SIZE });
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [conv, mid, setParams]);
}
