import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { ConvKey } from '../../lib/store';
import { jumpToMessage } from '../messages';

/**
 * `?mid=` on a conversation's route (a search hit): hands the jump to the message list, which loads
 * older history until the message is there, scrolls to it and highlights it; then drops the parameter.
 */
export function useJumpToMessage(conv: ConvKey) {
  const [params, setParams] = useSearchParams();
  const mid = Number(params.get('mid') ?? '');
  useEffect(() => {
    if (!Number.isSafeInteger(mid) || mid <= 0) return;
    jumpToMessage(conv, mid);
    setParams({}, { replace: true });
  }, [conv, mid, setParams]);
}
