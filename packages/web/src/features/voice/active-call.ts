import { useSyncExternalStore } from 'react';

/**
 * The call this tab is in: a channel's room, or a DM call this tab placed (`caller`) or answered
 * (`callee`). The call is kept in sessionStorage so that a reload rejoins it: a channel's room
 * joins again, a DM call comes back as `rejoin` (the other side waits for it, docs/voice.md).
 */
export type CallTarget =
  | { kind: 'group'; gid: number }
  | { kind: 'dm'; uid: number; role: 'caller' | 'callee' | 'rejoin'; video: boolean };

/** `immediate`: connect at once, without the device test (a reload, or a DM call). */
export interface ActiveCall {
  target: CallTarget;
  immediate: boolean;
}

const KEY = 'parley.voice.gid';
const DM_KEY = 'parley.voice.dm';
let active: ActiveCall | null = readStored();
const listeners = new Set<() => void>();

function readStored(): ActiveCall | null {
  // The chat's unit tests load this module in Node, which has no sessionStorage.
  if (typeof sessionStorage === 'undefined') return null;
  const gid = Number(sessionStorage.getItem(KEY));
  if (Number.isInteger(gid) && gid > 0) return { target: { kind: 'group', gid }, immediate: true };
  const [uid, video] = (sessionStorage.getItem(DM_KEY) ?? '').split(':').map(Number);
  return Number.isInteger(uid) && uid! > 0
    ? { target: { kind: 'dm', uid: uid!, role: 'rejoin', video: video === 1 }, immediate: true }
    : null;
}

export const targetKey = (target: CallTarget) =>
  target.kind === 'group' ? `group:${target.gid}` : `dm:${target.uid}`;

export function setActiveCall(next: ActiveCall | null) {
  active = next;
  const target = next?.target;
  if (target?.kind === 'group') sessionStorage.setItem(KEY, String(target.gid));
  else sessionStorage.removeItem(KEY);
  if (target?.kind === 'dm') sessionStorage.setItem(DM_KEY, `${target.uid}:${target.video ? 1 : 0}`);
  else sessionStorage.removeItem(DM_KEY);
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
