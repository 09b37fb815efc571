import type { SendableContentType } from '@parley/protocol';
import type { AppState, ConvKey, Message } from '../../lib/store';

/** A message written while the network was away, waiting to be sent (issue 14, "offline-aware"). */
export interface OutboxItem {
  localId: number;
  conv: ConvKey;
  content: string;
  contentType: SendableContentType;
  properties: Record<string, unknown>;
  replyMid: number | null;
  /** A send was tried: the server may hold it although no answer came back. */
  attempted: boolean;
}

const key = (uid: number) => `parley.outbox.${uid}`;

export function loadOutbox(uid: number): OutboxItem[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(key(uid)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isOutboxItem) : [];
  } catch {
    return [];
  }
}

export function saveOutbox(uid: number, items: readonly OutboxItem[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(key(uid));
    else localStorage.setItem(key(uid), JSON.stringify(items));
  } catch {
    /* storage unavailable or full: the queue lives as long as the page */
  }
}

function isOutboxItem(value: unknown): value is OutboxItem {
  const item = value as Partial<OutboxItem> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.localId === 'number' &&
    typeof item.conv === 'string' &&
    typeof item.content === 'string' &&
    typeof item.contentType === 'string' &&
    typeof item.properties === 'object' &&
    item.properties !== null
  );
}

/** The optimistic copy shown in the conversation while the item waits. */
export function placeholderOf(item: OutboxItem, selfUid: number): Message {
  return {
    mid: item.localId,
    conv: item.conv,
    fromUid: selfUid,
    createdAt: item.localId,
    contentType: item.contentType,
    content: item.content,
    properties: item.properties,
    replyMid: item.replyMid,
    localId: item.localId,
    sending: true,
    provisional: false,
    edited: false,
    editMid: 0,
    likes: [],
  };
}

/**
 * Whether the server already holds this item: the event stream, once ready, has delivered every
 * message up to now, and the server echoes `local_id` in the message's properties (API.md §6).
 * This is what keeps a send whose answer was lost from being sent twice.
 */
export function alreadyDelivered(state: AppState, item: OutboxItem, selfUid: number): boolean {
  const mids = state.messages.convs[item.conv]?.mids ?? [];
  for (let i = mids.length - 1; i >= 0; i--) {
    const message = state.messages.byMid[mids[i]!];
    if (message && !message.sending && message.fromUid === selfUid && message.localId === item.localId)
      return true;
  }
  return false;
}
