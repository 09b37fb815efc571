import type { Virtualizer } from '@tanstack/react-virtual';
import i18n from 'i18next';
import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import { getState, type ConvKey } from '../../lib/store';
import { composeDispatch, useCompose } from './compose-state';
import type { Row } from './message-rows';

const HIGHLIGHT_MS = 2500;

/** Where a jump to `mid` stands given the rows held: found at an index, needs older history, or gone. */
export function locate(
  rows: readonly Row[],
  mid: number,
  exhausted: boolean,
): { found: number } | 'load' | 'missing' {
  const index = rows.findIndex((row) => row.kind === 'message' && row.message.mid === mid);
  if (index >= 0) return { found: index };
  const first = rows.find((row) => row.kind === 'message');
  const oldest = first?.kind === 'message' ? first.message.mid : Number.POSITIVE_INFINITY;
  // Older than everything held: it may be on an earlier page; newer but absent: it is gone.
  return mid < oldest && !exhausted ? 'load' : 'missing';
}

interface JumpInput {
  conv: ConvKey;
  rows: readonly Row[];
  exhausted: boolean;
  loading: boolean;
  loadOlder: () => Promise<void>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
}

/** Carries out a jump request: loads older pages until the message is held, scrolls to it, highlights it. */
export function useJump({ conv, rows, exhausted, loading, loadOlder, virtualizer }: JumpInput) {
  const jump = useCompose((compose) => (compose.jump?.conv === conv ? compose.jump : null));
  useEffect(() => {
    if (!jump) return;
    const where = getState().messages.deleted[jump.mid] ? 'missing' : locate(rows, jump.mid, exhausted);
    if (where === 'load') {
      if (!loading) void loadOlder();
      return;
    }
    if (where === 'missing') {
      composeDispatch({ type: 'jump/done', highlight: null });
      toast.error(i18n.t('actions:reply.not_found'));
      return;
    }
    const mid = jump.mid;
    virtualizer.scrollToIndex(where.found, { align: 'center' });
    composeDispatch({ type: 'jump/done', highlight: mid });
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(`[data-testid="message-list"] [data-mid="${mid}"]`)
        ?.focus({ preventScroll: true }),
    );
    window.setTimeout(() => composeDispatch({ type: 'highlight/clear', mid }), HIGHLIGHT_MS);
  }, [jump, rows, exhausted, loading, loadOlder, virtualizer]);
}
