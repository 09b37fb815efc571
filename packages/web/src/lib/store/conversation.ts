import type { ChatMessage } from '@parley/protocol';
import type { ConvKey } from './state';

export const groupConv = (gid: number): ConvKey => `g:${gid}`;
export const userConv = (uid: number): ConvKey => `u:${uid}`;

export type ParsedConv = { kind: 'group'; id: number } | { kind: 'user'; id: number };

export function parseConv(key: ConvKey): ParsedConv {
  const id = Number(key.slice(2));
  return key.startsWith('g:') ? { kind: 'group', id } : { kind: 'user', id };
}

/** A DM belongs to the other party: the target when I sent it, the sender otherwise (API.md §6.3). */
export function convOfMessage(
  message: Pick<ChatMessage, 'from_uid' | 'target'>,
  selfUid: number | null,
): ConvKey {
  if ('gid' in message.target) return groupConv(message.target.gid);
  return userConv(message.from_uid === selfUid ? message.target.uid : message.from_uid);
}
