import { isApiError, replyToMessage, sendMessage, type ErrorOverrides } from '../../lib/api';
import { dispatch, getState, parseConv, store } from '../../lib/store';
import { alreadyDelivered, loadOutbox, placeholderOf, saveOutbox, type OutboxItem } from './outbox-store';

/**
 * The outbox: messages written offline (or whose send met no network) wait here, in localStorage per
 * user, and go out in the order they were written once the network is back and the event stream is
 * ready, each exactly once (see `alreadyDelivered`). Their placeholders stay in the conversation.
 */
let uid: number | null = null;
let items: OutboxItem[] = [];
let flushing = false;

/** Network failures are the outbox's business, so they show no toast; other failures keep theirs. */
export function sendErrors(errors: ErrorOverrides): ErrorOverrides {
  return { ...errors, 0: null };
}

export function isOffline(): boolean {
  return !getState().online || !navigator.onLine;
}

/** True while earlier messages wait: a new one must queue behind them to keep the order. */
export const hasQueued = (): boolean => items.length > 0;

export function enqueue(item: OutboxItem): void {
  items = [...items, item];
  if (uid !== null) saveOutbox(uid, items);
  maybeFlush();
}

function remove(localId: number): void {
  items = items.filter((item) => item.localId !== localId);
  if (uid !== null) saveOutbox(uid, items);
}

function post(item: OutboxItem, errors: ErrorOverrides) {
  const body = { content: item.content, contentType: item.contentType, properties: item.properties };
  return item.replyMid === null
    ? sendMessage({ to: parseConv(item.conv), ...body }, errors)
    : replyToMessage(item.replyMid, body, errors);
}

/** Sends one item now: 'sent', 'network' (no answer; it stays queued) or 'failed' (refused; dropped). */
export async function deliver(
  item: OutboxItem,
  errors: ErrorOverrides,
): Promise<'sent' | 'network' | 'failed'> {
  try {
    const mid = await post(item, sendErrors(errors));
    dispatch({ type: 'messages/sent', conv: item.conv, localId: item.localId, mid: Number(mid) });
    return 'sent';
  } catch (error) {
    if (isApiError(error) && error.status === 0) return 'network';
    dispatch({ type: 'messages/failed', conv: item.conv, localId: item.localId });
    return 'failed';
  }
}

let flushErrors: ErrorOverrides = {};

async function flush(): Promise<void> {
  flushing = true;
  try {
    while (items.length > 0 && !isOffline() && getState().stream.ready) {
      const item = items[0]!;
      const self = getState().auth?.user.uid;
      if (self === undefined) return;
      if (item.attempted && alreadyDelivered(getState(), item, self)) {
        remove(item.localId);
        continue;
      }
      item.attempted = true;
      if (uid !== null) saveOutbox(uid, items);
      if ((await deliver(item, flushErrors)) === 'network') return;
      remove(item.localId);
    }
  } finally {
    flushing = false;
  }
}

function maybeFlush(): void {
  if (!flushing && items.length > 0 && !isOffline() && getState().stream.ready) void flush();
}

/** The user's queue after a sign-in or a reload, with its placeholders back in their conversations. */
function sync(): void {
  const state = getState();
  const self = state.auth?.user.uid ?? null;
  if (self !== uid) {
    uid = self;
    items = self === null ? [] : loadOutbox(self);
  }
  if (self !== null) {
    for (const item of items) {
      // The item being sent may already be in as a real message, its placeholder replaced.
      const inFlight = flushing && item === items[0];
      if (!state.messages.byMid[item.localId] && !inFlight && !alreadyDelivered(state, item, self))
        dispatch({ type: 'messages/sending', message: placeholderOf(item, self) });
    }
  }
  maybeFlush();
}

let started = false;

/** Starts once, when the messages feature first loads; `errors` are the send toasts for refusals. */
export function startOutbox(errors: ErrorOverrides): void {
  if (started) return;
  started = true;
  flushErrors = errors;
  store.subscribe(sync);
  window.addEventListener('online', maybeFlush);
  sync();
}
