import { useSyncExternalStore } from 'react';

/**
 * The call this tab is in: a channel's room, or a DM call this tab placed (`caller`) or answered
 * (`callee`). A channel's call is kept in sessionStorage so that a reload rejoins it; a DM call
 * ends with the page (its ring is over, there is nothing to rejoin).
 */
export type CallTarget =
  { kind: 'group'; gid: number } | { kind: 'dm'; uid: number; role: 'caller' | 'callee'; video: boolean };

/** `immediate`: connect at once, without the device test (a reload, or a DM call). */
export interface ActiveCall {
  target: CallTarget;
  immediate: boolean;
}

const KEY = 'parley.voice.gid';
let active: ActiveCall | null = readStored();
const listeners = new Set<() => void>();

function readStored(): ActiveCall | null {
  // The chat's unit tests load this module in Node, which has no sessionStorage.
  if (typeof sessionStorage === 'undefined') return null;
  const gid = Number(sessionStorage.getItem(KEY));
  return Number.isInteger(gid) && gid > 0 ? { target: { kind: 'group', gid }, immediate: true } : null;
}

export const targetKey = (target: CallTarget) =>
  target.kind === 'group' ? `group:${target.gid}` : `dm:${target.uid}`;

export function setActiveCall(next: ActiveCall | null) {
  active = next;
  if (next?.target.kind === 'group') sessionStorage.setItem(KEY, String(next.target.gid));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export const getActiveCall = () => active;

export const useActiveCall = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => active,
  );
