import { DEFAULT_CHANNEL_SWITCHES, type Group } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../lib/store';
import { buildChannelEntries, buildDmEntries, countUnread, lastConfirmedMid } from './conversation-list';

const SELF = 1;

function msg(mid: number, fromUid: number, extra: Partial<Message> = {}): Message {
  return {
    mid,
    conv: 'g:1',
    fromUid,
    createdAt: mid,
    contentType: 'text/plain',
    content: '',
    properties: null,
    replyMid: null,
    localId: null,
    sending: false,
    provisional: false,
    edited: false,
    editMid: 0,
    likes: [],
    ...extra,
  };
}

const byMid: Record<number, Message> = {
  1: msg(1, 2),
  2: msg(2, SELF),
  3: msg(3, 2),
  4: msg(4, 3),
  1_700_000_000_000: msg(1_700_000_000_000, SELF, { sending: true }),
};
const conversation: Conversation = { mids: [1, 2, 3, 4, 1_700_000_000_000], oldest: 1, exhausted: false };

describe('countUnread', () => {
  it('counts messages from others above the read index', () => {
    expect(countUnread(conversation, byMid, 0, SELF)).toBe(3);
    expect(countUnread(conversation, byMid, 2, SELF)).toBe(2);
    expect(countUnread(conversation, byMid, 4, SELF)).toBe(0);
    expect(countUnread(undefined, byMid, 0, SELF)).toBe(0);
  });

  it('finds the newest confirmed message', () => {
    expect(lastConfirmedMid(conversation, byMid)).toBe(4);
  });
});

const group = (gid: number, name: string, isPublic = false): Group => ({
  gid,
  name,
  owner: null,
  description: null,
  members: [],
  is_public: isPublic,
  avatar_updated_at: 0,
  pinned_messages: [],
  ...DEFAULT_CHANNEL_SWITCHES,
});

describe('sidebar entries', () => {
  const input = {
    convs: {
      'g:2': conversation,
      'u:5': { mids: [3], oldest: 3, exhausted: false },
      'u:6': { mids: [4], oldest: 4, exhausted: false },
    },
    byMid,
    reads: { users: { 6: 4 }, groups: { 2: 3 } },
    selfUid: SELF,
  };

  it('sorts channels by name and counts their unread messages', () => {
    const entries = buildChannelEntries({ 2: group(2, 'beta'), 3: group(3, 'Alpha', true) }, input, 'en');
    expect(entries).toEqual([
      { gid: 3, name: 'Alpha', isPublic: true, unread: 0, mentions: 0, pinnedAt: 0, muted: false },
      { gid: 2, name: 'beta', isPublic: false, unread: 1, mentions: 0, pinnedAt: 0, muted: false },
    ]);
  });

  it('puts pinned conversations first (newest pin first) and marks muted ones', () => {
    const settings = { pins: { 'g:2': 10, 'u:5': 20, 'u:7': 30 }, isMuted: (key: string) => key === 'g:3' };
    const pinned = { ...input, settings };
    const channels = buildChannelEntries({ 2: group(2, 'beta'), 3: group(3, 'Alpha', true) }, pinned, 'en');
    expect(channels.map((c) => [c.gid, c.pinnedAt, c.muted])).toEqual([
      [2, 10, false],
      [3, 0, true],
    ]);
    // A pinned DM without messages on this device is listed too.
    expect(buildDmEntries(pinned, null).map((d) => [d.uid, d.pinnedAt])).toEqual([
      [7, 30],
      [5, 20],
      [6, 0],
    ]);
  });

  it('lists DMs by newest activity and includes the open one', () => {
    expect(buildDmEntries(input, 9)).toEqual([
      { uid: 9, unread: 0, mentions: 0, lastMid: 0, pinnedAt: 0, muted: false },
      { uid: 6, unread: 0, mentions: 0, lastMid: 4, pinnedAt: 0, muted: false },
      { uid: 5, unread: 1, mentions: 0, lastMid: 3, pinnedAt: 0, muted: false },
    ]);
  });
});
