import type { FileContentType, SendableContentType } from '@parley/protocol';
import { call } from '../call';
import type { ErrorOverrides } from '../error-toast';
import { encodeProperties } from '../properties';

export type ConversationRef = { kind: 'group' | 'user'; id: number };

export interface SendMessage {
  to: ConversationRef;
  content: string;
  contentType: SendableContentType | FileContentType;
  properties: Record<string, unknown>;
}

export const sendMessage = (
  { to, content, contentType, properties }: SendMessage,
  errors?: ErrorOverrides,
) => {
  const options = { contentType, headers: { 'X-Properties': encodeProperties(properties) }, errors };
  return to.kind === 'group'
    ? call('sendToGroup', { params: { gid: to.id }, body: content }, options)
    : call('sendToUser', { params: { uid: to.id }, body: content }, options);
};

export const HISTORY_PAGE_SIZE = 100;

export const getHistory = (conversation: ConversationRef, before: number | null) => {
  const query = { limit: HISTORY_PAGE_SIZE, before: before ?? undefined };
  return conversation.kind === 'group'
    ? call('groupHistory', { params: { gid: conversation.id }, query })
    : call('dmHistory', { params: { uid: conversation.id }, query });
};
