import { useSyncExternalStore } from 'react';
import type { ConvKey } from '../../lib/store';
import { saveReplyTarget } from './drafts';

/** Which dialog the message list shows. */
export type MessageDialog =
  | { kind: 'delete'; mids: number[] }
  | { kind: 'forward'; mids: number[] }
  | { kind: 'versions'; mid: number }
  | null;

/** The per-conversation state of composing and acting on messages (not part of the chat data). */
export interface ComposeState {
  /** The message each conversation's composer replies to (SPEC §3: kept per conversation). */
  reply: Partial<Record<ConvKey, number>>;
  /** The own message each conversation's composer is editing. */
  editing: Partial<Record<ConvKey, number>>;
  /** The conversation in multi-select mode, and the selected mids. */
  selecting: ConvKey | null;
  selected: number[];
  /** A request to scroll a conversation to a message (bumped `seq` repeats it). */
  jump: { conv: ConvKey; mid: number; seq: number } | null;
  /** The message briefly highlighted after a jump. */
  highlight: number | null;
  dialog: MessageDialog;
}

export type ComposeAction =
  | { type: 'reply'; conv: ConvKey; mid: number | null }
  | { type: 'edit'; conv: ConvKey; mid: number | null }
  | { type: 'select/start'; conv: ConvKey; mid: number | null }
  | { type: 'select/toggle'; mid: number }
  | { type: 'select/end' }
  | { type: 'jump'; conv: ConvKey; mid: number }
  | { type: 'jump/done'; highlight: number | null }
  | { type: 'highlight/clear'; mid: number }
  | { type: 'dialog'; dialog: MessageDialog };

export const emptyCompose: ComposeState = {
  reply: {},
  editing: {},
  selecting: null,
  selected: [],
  jump: null,
  highlight: null,
  dialog: null,
};

function without<T>(map: Partial<Record<ConvKey, T>>, conv: ConvKey): Partial<Record<ConvKey, T>> {
  if (!(conv in map)) return map;
  const next = { ...map };
  delete next[conv];
  return next;
}

export function composeReducer(state: ComposeState, action: ComposeAction): ComposeState {
  switch (action.type) {
    case 'reply':
      // Replying and editing exclude each other: the composer does one of them.
      return action.mid === null
        ? { ...state, reply: without(state.reply, action.conv) }
        : {
            ...state,
            reply: { ...state.reply, [action.conv]: action.mid },
            editing: without(state.editing, action.conv),
          };
    case 'edit':
      return action.mid === null
        ? { ...state, editing: without(state.editing, action.conv) }
        : { ...state, editing: { ...state.editing, [action.conv]: action.mid } };
    case 'select/start':
      return { ...state, selecting: action.conv, selected: action.mid === null ? [] : [action.mid] };
    case 'select/toggle': {
      if (state.selecting === null) return state;
      const selected = state.selected.includes(action.mid)
        ? state.selected.filter((mid) => mid !== action.mid)
        : [...state.selected, action.mid].sort((a, b) => a - b);
      return { ...state, selected };
    }
    case 'select/end':
      return { ...state, selecting: null, selected: [] };
    case 'jump':
      return { ...state, jump: { conv: action.conv, mid: action.mid, seq: (state.jump?.seq ?? 0) + 1 } };
    case 'jump/done':
      return { ...state, jump: null, highlight: action.highlight };
    case 'highlight/clear':
      return state.highlight === action.mid ? { ...state, highlight: null } : state;
    case 'dialog':
      return { ...state, dialog: action.dialog };
  }
}

let state: ComposeState = emptyCompose;
const listeners = new Set<() => void>();

export function composeDispatch(action: ComposeAction): void {
  const next = composeReducer(state, action);
  if (next === state) return;
  if (action.type === 'reply' || action.type === 'edit') {
    const conv = action.conv;
    if (next.reply[conv] !== state.reply[conv]) saveReplyTarget(conv, next.reply[conv] ?? null);
  }
  state = next;
  for (const listener of listeners) listener();
}

export const getCompose = () => state;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCompose<T>(selector: (compose: ComposeState) => T): T {
  return useSyncExternalStore(subscribe, () => selector(state));
}
