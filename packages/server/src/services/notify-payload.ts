/**
 * What a notification says (`PushPayload`): sender, conversation and a short text. A message
 * that burns after reading, or that is no text (a file, an archive), is announced without its
 * content, so ephemeral content never waits in a push service.
 */
import { PUSH_TEXT_MAX, type ChatMessage, type PushPayload } from '@parley/protocol';
import type { Store } from '../store/types.js';

const TEXT_TYPES = new Set(['text/plain', 'text/markdown']);

export function shortText(record: ChatMessage): string {
  const detail = record.detail;
  if (detail.type !== 'normal' && detail.type !== 'reply') return '';
  if (!TEXT_TYPES.has(detail.content_type)) return '';
  if (detail.type === 'normal' && detail.expires_in) return '';
  const text = detail.content.replace(/\s+/g, ' ').trim();
  return text.length > PUSH_TEXT_MAX ? `${text.slice(0, PUSH_TEXT_MAX - 1)}…` : text;
}

/** The payload of one record; names are read once per record, whoever it goes to. */
export async function payloadOf(store: Store, record: ChatMessage): Promise<PushPayload> {
  const sender = await store.users.get(record.from_uid);
  const group = 'gid' in record.target ? await store.groups.get(record.target.gid) : undefined;
  return {
    mid: record.mid,
    from_uid: record.from_uid,
    from_name: sender?.name ?? '',
    // The conversation as the recipient names it: a DM's recipient is its target, so the sender.
    target: 'gid' in record.target ? { gid: record.target.gid } : { uid: record.from_uid },
    group_name: group?.name ?? null,
    text: shortText(record),
    created_at: record.created_at,
  };
}

/**
 * For an edit or delete record: the message it changes and the payload that updates (`edit`) or
 * closes (`withdraw`) a notification of it; null for any other record or a message now gone.
 */
export async function changePayloadOf(
  store: Store,
  record: ChatMessage,
): Promise<{ mid: number; payload: PushPayload } | null> {
  const detail = record.detail;
  if (detail.type !== 'reaction' || detail.detail.type === 'like') return null;
  const original = await store.messages.get(detail.mid);
  if (!original || (original.detail.type !== 'normal' && original.detail.type !== 'reply')) return null;
  if (detail.detail.type === 'delete') {
    const base = await payloadOf(store, original);
    return { mid: original.mid, payload: { ...base, kind: 'withdraw', text: '' } };
  }
  const edited: ChatMessage = {
    ...original,
    detail: { ...original.detail, content: detail.detail.content, content_type: detail.detail.content_type },
  };
  return { mid: original.mid, payload: { ...(await payloadOf(store, edited)), kind: 'edit' } };
}
