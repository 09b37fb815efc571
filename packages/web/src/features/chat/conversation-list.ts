import type { Group } from '@parley/protocol';
import type { Conversation, ConvKey, Message } from '../../lib/store';
import { mentionsUser } from '../messages';

/** Messages from others newer than the read index (SPEC §4: own messages always count as read). */
export function countUnread(
  conversation: Conversation | undefined,
  byMid: Record<number, Message>,
  readMid: number,
  selfUid: number | null,
): number {
  if (!conversation) return 0;
  let count = 0;
  for (let i = conversation.mids.length - 1; i >= 0; i--) {
    const mid = conversation.mids[i] as number;
    if (mid <= readMid) break;
    const message = byMid[mid];
    if (message && !message.sending && message.fromUid !== selfUid) count++;
  }
  return count;
}

/** Unread messages from others that mention the reader: counted apart from unread (issue 10). */
export function countMentions(
  conversation: Conversation | undefined,
  byMid: Record<number, Message>,
  readMid: number,
  selfUid: number | null,
): number {
  if (!conversation || selfUid === null) return 0;
  let count = 0;
  for (let i = conversation.mids.length - 1; i >= 0; i--) {
    const mid = conversation.mids[i] as number;
    if (mid <= readMid) break;
    const message = byMid[mid];
    if (message && !message.sending && message.fromUid !== selfUid && mentionsUser(message, selfUid)) count++;
  }
  return count;
}

/** The newest confirmed message id of a conversation, or 0. */
export function lastConfirmedMid(
  conversation: Conversation | undefined,
  byMid: Record<number, Message>,
): number {
  if (!conversation) return 0;
  for (let i = conversation.mids.length - 1; i >= 0; i--) {
    const message = byMid[conversation.mids[i] as number];
    if (message && !message.sending) return message.mid;
  }
  return 0;
}

export interface ChannelEntry {
  gid: number;
  name: string;
  isPublic: boolean;
  unread: number;
  mentions: number;
  /** When the user pinned it (ms), or 0; pinned entries come first, newest pin first. */
  pinnedAt: number;
  muted: boolean;
}

export interface DmEntry {
  uid: number;
  unread: number;
  mentions: number;
  lastMid: number;
  pinnedAt: number;
  muted: boolean;
}

interface ListInput {
  convs: Partial<Record<ConvKey, Conversation>>;
  byMid: Record<number, Message>;
  reads: { users: Record<number, number>; groups: Record<number, number> };
  selfUid: number | null;
  /** The user's pins and mutes (absent = none). */
  settings?: { pins: Partial<Record<ConvKey, number>>; isMuted: (key: ConvKey) => boolean };
}

const pinOf = (input: ListInput, key: ConvKey) => input.settings?.pins[key] ?? 0;
const mutedOf = (input: ListInput, key: ConvKey) => input.settings?.isMuted(key) ?? false;

export function buildChannelEntries(
  groups: Record<number, Group>,
  input: ListInput,
  locale: string,
): ChannelEntry[] {
  return Object.values(groups)
    .map((group) => ({
      gid: group.gid,
      name: group.name,
      isPublic: group.is_public,
      unread: countUnread(
        input.convs[`g:${group.gid}`],
        input.byMid,
        input.reads.groups[group.gid] ?? 0,
        input.selfUid,
      ),
      mentions: countMentions(
        input.convs[`g:${group.gid}`],
        input.byMid,
        input.reads.groups[group.gid] ?? 0,
        input.selfUid,
      ),
      pinnedAt: pinOf(input, `g:${group.gid}`),
      muted: mutedOf(input, `g:${group.gid}`),
    }))
    .sort(
      (a, b) =>
        b.pinnedAt - a.pinnedAt ||
        a.name.localeCompare(b.name, locale, { sensitivity: 'base' }) ||
        a.gid - b.gid,
    );
}

/** DMs that have messages, plus the one open right now, newest activity first. */
export function buildDmEntries(input: ListInput, openUid: number | null): DmEntry[] {
  const entries: DmEntry[] = [];
  for (const [key, conversation] of Object.entries(input.convs) as [ConvKey, Conversation | undefined][]) {
    if (!key.startsWith('u:') || !conversation) continue;
    const uid = Number(key.slice(2));
    const lastMid = conversation.mids[conversation.mids.length - 1] ?? 0;
    if (lastMid === 0 && uid !== openUid) continue;
    entries.push({
      uid,
      lastMid,
      unread: countUnread(conversation, input.byMid, input.reads.users[uid] ?? 0, input.selfUid),
      mentions: countMentions(conversation, input.byMid, input.reads.users[uid] ?? 0, input.selfUid),
      pinnedAt: pinOf(input, `u:${uid}`),
      muted: mutedOf(input, `u:${uid}`),
    });
  }
  // A pinned DM stays listed even without messages on this device.
  for (const key of Object.keys(input.settings?.pins ?? {}) as ConvKey[]) {
    const uid = Number(key.slice(2));
    if (key.startsWith('u:') && !entries.some((entry) => entry.uid === uid)) {
      entries.push({
        uid,
        unread: 0,
        mentions: 0,
        lastMid: 0,
        pinnedAt: pinOf(input, key),
        muted: mutedOf(input, key),
      });
    }
  }
  if (openUid !== null && !entries.some((entry) => entry.uid === openUid)) {
    entries.push({
      uid: openUid,
      unread: 0,
      mentions: 0,
      lastMid: 0,
      pinnedAt: pinOf(input, `u:${openUid}`),
      muted: mutedOf(input, `u:${openUid}`),
    });
  }
  return entries.sort(
    (a, b) =>
      b.pinnedAt - a.pinnedAt ||
      (b.lastMid || Number.MAX_SAFE_INTEGER) - (a.lastMid || Number.MAX_SAFE_INTEGER) ||
      a.uid - b.uid,
  );
}
