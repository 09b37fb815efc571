import type { SearchQuery } from '@parley/protocol';
import { call } from '../call';
import type { ConversationRef } from './messages';

/** Parley's message search (docs/search.md). */
export const searchMessages = (query: SearchQuery) =>
  call('searchMessages', { query }, { errors: { 400: null } });

/** Tells the conversation's readers that we are typing; failures are not worth a toast. */
export const sendTyping = (to: ConversationRef) => {
  const errors = { default: null };
  return to.kind === 'group'
    ? call('typingInGroup', { params: { gid: to.id } }, { errors })
    : call('typingToUser', { params: { uid: to.id } }, { errors });
};
