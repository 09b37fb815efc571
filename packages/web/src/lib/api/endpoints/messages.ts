import type { ChatMessage, SendableContentType } from '@parley/protocol';
import { request } from '../client';
import type { ErrorOverrides } from '../error-toast';
import { encodeProperties } from '../properties';

export type ConversationRef = { kind: 'group' | 'user'; id: number };

const base = ({ kind, id }: ConversationRef) => (kind === 'group' ? `/group/${id}` : `/user/${id}`);

export interface SendMessage {
  to: ConversationRef;
  content: string;
  contentType: SendableContentType;
  properties: Record<string, unknown>;
}

export const sendMessage = ({ to, content, contentType, properties }: SendMessage, errors?: ErrorOverrides) =>
  request<number>(`${base(to)}/send`, {
    method: 'POST',
    body: content,
    contentType,
    headers: { 'X-Properties': encodeProperties(properties) },
    errors,
  });

export const HISTORY_PAGE_SIZE = 100;

export const getHistory = (conversation: ConversationRef, before: number | null) =>
  request<ChatMessage[]>(`${base(conversation)}/history`, {
    query: { limit: HISTORY_PAGE_SIZE, before: before ?? undefined },
  });
