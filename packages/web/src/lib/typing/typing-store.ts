/**
 * Who is typing where (docs/search.md, "Typing"): fed by `user_typing` events, cleared after
 * `TYPING_SHOW_MS` or when that person's message arrives. Outside the app store on purpose: it is
 * ephemeral, never persisted and never part of the initial sync.
 */
import type { ServerEvent } from '@parley/protocol';
import { useSyncExternalStore } from 'react';
import { convOfMessage, type ConvKey } from '../store';

export const TYPING_SHOW_MS = 6000;

type Typists = ReadonlyMap<number, number>;
const EMPTY: Typists = new Map();
let byConv = new Map<ConvKey, Typists>();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function emit() {
  for (const listener of listeners) listener();
}

function set(conv: ConvKey, uid: number, until: number | null) {
  const current = byConv.get(conv) ?? EMPTY;
  if (until === null && !current.has(uid)) return;
  const next = new Map(current);
  if (until === null) next.delete(uid);
  else next.set(uid, until);
  byConv = new Map(byConv);
  if (next.size === 0) byConv.delete(conv);
  else byConv.set(conv, next);
  schedule();
  emit();
}

function schedule() {
  if (timer) clearTimeout(timer);
  let soonest = Infinity;
  for (const typists of byConv.values())
    for (const until of typists.values()) soonest = Math.min(soonest, until);
  if (soonest === Infinity) return;
  timer = setTimeout(expire, Math.max(0, soonest - Date.now()) + 50);
}

function expire() {
  const now = Date.now();
  for (const [conv, typists] of byConv)
    for (const [uid, until] of typists) if (until <= now) set(conv, uid, null);
  schedule();
}

/** Feeds one stream event: `user_typing` shows someone, their `chat` record hides them again. */
export function noteTypingEvent(event: ServerEvent, selfUid: number | null) {
  if (event.type === 'user_typing') {
    if (event.uid === selfUid) return;
    set(
      convOfMessage({ from_uid: event.uid, target: event.target }, selfUid),
      event.uid,
      Date.now() + TYPING_SHOW_MS,
    );
  } else if (event.type === 'chat' && event.detail.type !== 'reaction') {
    set(convOfMessage(event, selfUid), event.from_uid, null);
  }
}

export function clearTyping() {
  byConv = new Map();
  schedule();
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The uids typing in `conv`, in the order they started. */
export function useTypingUsers(conv: ConvKey): number[] {
  const typists = useSyncExternalStore(subscribe, () => byConv.get(conv) ?? EMPTY);
  return [...typists.keys()];
}

/** The client side of the throttle: at most one signal per conversation every 3 s. */
export const TYPING_SEND_EVERY_MS = 3000;
const lastSignal = new Map<ConvKey, number>();

/** Whether a keystroke in `conv` should be signalled now (and records it). */
export function shouldSignalTyping(conv: ConvKey, now = Date.now()): boolean {
  const last = lastSignal.get(conv);
  if (last !== undefined && now - last < TYPING_SEND_EVERY_MS) return false;
  lastSignal.set(conv, now);
  return true;
}

/** After sending, the next keystroke may signal again at once. */
export function resetTypingSignal(conv: ConvKey) {
  lastSignal.delete(conv);
}
