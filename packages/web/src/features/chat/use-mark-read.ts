import { useEffect } from 'react';
import { dispatch, getState, parseConv, useAppSelector, type ConvKey } from '../../lib/store';
import { lastConfirmedMid } from './conversation-list';
import { reportRead } from './read-reporter';
import { useDocumentVisible } from './use-document-visible';

/**
 * While a conversation is open and the tab visible, its read index follows the newest message: locally at
 * once (so the open conversation never shows a badge) and on the server shortly after.
 */
export function useMarkRead(conv: ConvKey) {
  const visible = useDocumentVisible();
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const lastMid = useAppSelector((state) =>
    lastConfirmedMid(state.messages.convs[conv], state.messages.byMid),
  );

  useEffect(() => {
    if (!visible || lastMid === 0) return;
    const { kind, id } = parseConv(conv);
    const { reads } = getState();
    const readMid = (kind === 'group' ? reads.groups[id] : reads.users[id]) ?? 0;
    if (lastMid <= readMid) return;
    dispatch({ type: 'reads/marked', conv, mid: lastMid });
    // The server refuses a read index for one's own uid (notes to self are always read).
    if (kind === 'user' && id === selfUid) return;
    reportRead(conv, lastMid);
  }, [visible, lastMid, conv, selfUid]);
}
