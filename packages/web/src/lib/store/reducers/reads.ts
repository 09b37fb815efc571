import { parseConv } from '../conversation';
import { initialReadState, type ReadState } from '../state';
import type { SliceAction } from './slice-action';

type Entry = { uid: number; mid: number } | { gid: number; mid: number };

export function readsReducer(state: ReadState, action: SliceAction): ReadState {
  switch (action.type) {
    case 'reads/marked': {
      const { kind, id } = parseConv(action.conv);
      return kind === 'group'
        ? mergeReads(state, [], [{ gid: id, mid: action.mid }])
        : mergeReads(state, [{ uid: id, mid: action.mid }], []);
    }
    case 'auth/cleared':
      return initialReadState;
    case 'stream/event': {
      const { event } = action;
      if (event.type === 'user_settings') {
        return mergeReads(initialReadState, event.read_index_users, event.read_index_groups);
      }
      if (event.type === 'user_settings_changed') {
        return mergeReads(state, event.read_index_users ?? [], event.read_index_groups ?? []);
      }
      return state;
    }
    default:
      return state;
  }
}

/** Read indexes only move forward (the server stores only increases, API.md §4.3). */
function mergeReads(state: ReadState, users: readonly Entry[], groups: readonly Entry[]): ReadState {
  const nextUsers = raise(state.users, users, 'uid');
  const nextGroups = raise(state.groups, groups, 'gid');
  return nextUsers === state.users && nextGroups === state.groups
    ? state
    : { users: nextUsers, groups: nextGroups };
}

function raise(
  map: Record<number, number>,
  entries: readonly Entry[],
  key: 'uid' | 'gid',
): Record<number, number> {
  let next = map;
  for (const entry of entries) {
    const id = (entry as Record<string, number>)[key];
    if (id === undefined || (next[id] ?? 0) >= entry.mid) continue;
    if (next === map) next = { ...map };
    next[id] = entry.mid;
  }
  return next;
}
