import type { ChatMessage } from '@parley/protocol';
import type { CachedChat } from '../actions';
import { convOfMessage, groupConv } from '../conversation';
import type { StreamEvent } from '../events';
import { insertSorted, removeSorted } from '../sorted-ids';
import {
  initialMessagesState,
  type Conversation,
  type ConvKey,
  type LikeRecord,
  type Message,
  type MessagesState,
  type ReactionRecord,
} from '../state';
import type { SliceAction, SliceContext } from './slice-action';

/** Reactions waiting for a target are capped so deleted targets cannot grow memory without bound. */
const MAX_PENDING_TARGETS = 2000;
/** Deleted mids remembered for reply quotes. */
const MAX_DELETED = 5000;

const emptyConversation: Conversation = { mids: [], oldest: null, exhausted: false };

export function messagesReducer(state: MessagesState, action: SliceAction, ctx: SliceContext): MessagesState {
  switch (action.type) {
    case 'stream/event':
      return applyEvent(state, action.event, ctx);
    case 'messages/sending':
      return putMessage(state, action.message);
    case 'messages/sent':
      return confirmSent(state, action.localId, action.mid);
    case 'messages/failed':
      return state.byMid[action.localId]?.sending ? deleteMessage(state, action.localId) : state;
    case 'messages/history':
      return applyHistory(state, action.conv, action.messages, action.limit, ctx);
    case 'cache/restored':
      return restoreMessages(action.cache);
    case 'auth/cleared':
      return initialMessagesState;
    default:
      return state;
  }
}

function applyEvent(state: MessagesState, event: StreamEvent, ctx: SliceContext): MessagesState {
  switch (event.type) {
    case 'chat':
      return applyChat(state, event, ctx, true);
    case 'kick_from_group':
    case 'group_message_cleared':
      return removeConversation(state, groupConv(event.gid));
    case 'related_groups': {
      const kept = new Set(event.groups.map((group) => groupConv(group.gid)));
      const stale = (Object.keys(state.convs) as ConvKey[]).filter(
        (key) => key.startsWith('g:') && !kept.has(key),
      );
      return stale.reduce(removeConversation, state);
    }
    case 'message_cleared':
      return { ...initialMessagesState, afterMid: state.afterMid };
    default:
      return state;
  }
}

/**
 * Applies one chat record. `live` records (stream) advance `afterMid`; history pages never do, because a
 * history page can hold mids newer than records of other conversations the stream has not delivered yet.
 */
export function applyChat(
  state: MessagesState,
  record: ChatMessage,
  ctx: SliceContext,
  live: boolean,
): MessagesState {
  const conv = convOfMessage(record, ctx.selfUid);
  let next = touchConversation(state, conv, record.mid);
  const { detail } = record;
  if (detail.type === 'reaction') {
    if (detail.detail.type === 'delete') next = markDeleted(next, detail.mid);
    return applyReaction(next, {
      mid: record.mid,
      fromUid: record.from_uid,
      targetMid: detail.mid,
      kind: detail.detail.type,
      action: detail.detail.type === 'like' ? detail.detail.action : '',
      content: detail.detail.type === 'edit' ? detail.detail.content : '',
      contentType: detail.detail.type === 'edit' ? detail.detail.content_type : '',
      properties: detail.detail.type === 'edit' ? detail.detail.properties : null,
    });
  }
  if (live && record.mid > next.afterMid) next = { ...next, afterMid: record.mid };
  if (next.deleted[record.mid]) return dropPending(next, record.mid);
  const existing = next.byMid[record.mid];
  if (existing && !existing.provisional) return next;
  const localId = readLocalId(detail.properties);
  const placeholder = localId === null ? undefined : next.byMid[localId];
  if (placeholder?.sending && placeholder.conv === conv && localId !== null)
    next = deleteMessage(next, localId);
  const message: Message = {
    mid: record.mid,
    conv,
    fromUid: record.from_uid,
    createdAt: record.created_at,
    contentType: detail.content_type,
    content: detail.content,
    properties: detail.properties,
    replyMid: detail.type === 'reply' ? detail.mid : null,
    localId,
    sending: false,
    provisional: false,
    edited: existing?.edited ?? false,
    editMid: existing?.editMid ?? 0,
    likes: existing?.likes ?? [],
  };
  if (existing?.edited) {
    message.content = existing.content;
    message.contentType = existing.contentType;
  }
  return flushPending(putMessage(next, message), record.mid);
}

function readLocalId(properties: Record<string, unknown> | null): number | null {
  const value = properties?.local_id;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

function applyReaction(state: MessagesState, reaction: ReactionRecord): MessagesState {
  const target = state.byMid[reaction.targetMid];
  if (!target) return addPending(state, reaction);
  switch (reaction.kind) {
    case 'delete':
      return deleteMessage(state, target.mid);
    case 'edit':
      if (reaction.mid <= target.editMid) return state;
      return putMessage(state, {
        ...target,
        content: reaction.content,
        contentType: reaction.contentType,
        properties: { ...target.properties, ...reaction.properties },
        edited: true,
        editMid: reaction.mid,
      });
    case 'like': {
      if (target.likes.some((like) => like.mid === reaction.mid)) return state;
      const like: LikeRecord = { mid: reaction.mid, uid: reaction.fromUid, action: reaction.action };
      const likes = [...target.likes, like].sort((a, b) => a.mid - b.mid);
      return putMessage(state, { ...target, likes });
    }
  }
}

function markDeleted(state: MessagesState, mid: number): MessagesState {
  if (state.deleted[mid]) return state;
  const deleted: Record<number, true> = { ...state.deleted, [mid]: true };
  const mids = Object.keys(deleted);
  if (mids.length > MAX_DELETED) delete deleted[Number(mids[0])];
  return { ...state, deleted };
}

function addPending(state: MessagesState, reaction: ReactionRecord): MessagesState {
  const waiting = state.pending[reaction.targetMid] ?? [];
  if (waiting.some((item) => item.mid === reaction.mid)) return state;
  const pending = { ...state.pending, [reaction.targetMid]: [...waiting, reaction] };
  const targets = Object.keys(pending);
  if (targets.length > MAX_PENDING_TARGETS) delete pending[Number(targets[0])];
  return { ...state, pending };
}

/** A deleted message that history brings back stays deleted; what waited for it is dropped. */
function dropPending(state: MessagesState, mid: number): MessagesState {
  if (!state.pending[mid]) return state;
  const pending = { ...state.pending };
  delete pending[mid];
  return { ...state, pending };
}

function flushPending(state: MessagesState, mid: number): MessagesState {
  const waiting = state.pending[mid];
  if (!waiting) return state;
  const pending = { ...state.pending };
  delete pending[mid];
  return [...waiting].sort((a, b) => a.mid - b.mid).reduce(applyReaction, { ...state, pending });
}

function touchConversation(state: MessagesState, conv: ConvKey, mid: number): MessagesState {
  const current = state.convs[conv] ?? emptyConversation;
  if (current.oldest !== null && current.oldest <= mid && state.convs[conv]) return state;
  const oldest = current.oldest === null ? mid : Math.min(current.oldest, mid);
  return { ...state, convs: { ...state.convs, [conv]: { ...current, oldest } } };
}

function putMessage(state: MessagesState, message: Message): MessagesState {
  const current = state.convs[message.conv] ?? emptyConversation;
  const mids = insertSorted(current.mids, message.mid);
  const convs =
    mids === current.mids && state.convs[message.conv]
      ? state.convs
      : { ...state.convs, [message.conv]: { ...current, mids } };
  return { ...state, byMid: { ...state.byMid, [message.mid]: message }, convs };
}

function deleteMessage(state: MessagesState, mid: number): MessagesState {
  const message = state.byMid[mid];
  if (!message) return state;
  const byMid = { ...state.byMid };
  delete byMid[mid];
  const current = state.convs[message.conv];
  if (!current) return { ...state, byMid };
  return {
    ...state,
    byMid,
    convs: { ...state.convs, [message.conv]: { ...current, mids: removeSorted(current.mids, mid) } },
  };
}

function removeConversation(state: MessagesState, conv: ConvKey): MessagesState {
  const current = state.convs[conv];
  if (!current) return state;
  const byMid = { ...state.byMid };
  for (const mid of current.mids) delete byMid[mid];
  const convs = { ...state.convs };
  delete convs[conv];
  return { ...state, byMid, convs };
}

function confirmSent(state: MessagesState, localId: number, mid: number): MessagesState {
  const placeholder = state.byMid[localId];
  if (!placeholder?.sending) return state;
  const without = deleteMessage(state, localId);
  if (state.byMid[mid]) return without;
  const confirmed: Message = { ...placeholder, mid, sending: false, provisional: true };
  return flushPending(putMessage(without, confirmed), mid);
}

function applyHistory(
  state: MessagesState,
  conv: ConvKey,
  records: readonly ChatMessage[],
  limit: number,
  ctx: SliceContext,
): MessagesState {
  const sorted = [...records].sort((a, b) => a.mid - b.mid);
  const next = sorted.reduce((acc, record) => applyChat(acc, record, ctx, false), state);
  const current = next.convs[conv] ?? emptyConversation;
  return { ...next, convs: { ...next.convs, [conv]: { ...current, exhausted: records.length < limit } } };
}

function restoreMessages(cache: CachedChat): MessagesState {
  const byMid: Record<number, Message> = {};
  const mids = new Map<ConvKey, number[]>();
  for (const message of cache.messages) {
    if (message.sending) continue;
    byMid[message.mid] = message;
    const list = mids.get(message.conv) ?? [];
    list.push(message.mid);
    mids.set(message.conv, list);
  }
  const convs: Partial<Record<ConvKey, Conversation>> = {};
  for (const [conv, list] of mids) {
    list.sort((a, b) => a - b);
    convs[conv] = { mids: list, oldest: list[0] ?? null, exhausted: false };
  }
  return { byMid, convs, pending: {}, afterMid: cache.afterMid, deleted: {} };
}

/** The newest `perConversation` confirmed messages of every conversation, for the local cache. */
export function selectCachedMessages(state: MessagesState, perConversation: number): Message[] {
  const result: Message[] = [];
  for (const conv of Object.values(state.convs)) {
    if (!conv) continue;
    for (const mid of conv.mids.slice(-perConversation)) {
      const message = state.byMid[mid];
      if (message && !message.sending) result.push(message);
    }
  }
  return result;
}
