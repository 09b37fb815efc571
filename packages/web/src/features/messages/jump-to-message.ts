import type { ConvKey } from '../../lib/store';
import { composeDispatch } from './compose-state';

/** Asks the conversation's message list to show `mid` (loading older history) and highlight it. */
export function jumpToMessage(conv: ConvKey, mid: number) {
  composeDispatch({ type: 'jump', conv, mid });
}
