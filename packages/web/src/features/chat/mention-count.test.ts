import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../lib/store';
import { countMentions } from './conversation-list';

function message(mid: number, fromUid: number, content: string, mentions?: number[]): Message {
  return {
    mid,
    conv: 'g:1',
    fromUid,
    createdAt: mid,
    contentType: 'text/plain',
    content,
    properties: mentions ? { mentions } : null,
    replyMid: null,
    localId: null,
    sending: false,
    provisional: false,
    edited: false,
    editMid: 0,
    likes: [],
  };
}

describe('countMentions', () => {
  it('counts unread messages from others that mention me, apart from unread', () => {
    const byMid = {
      1: message(1, 2, 'hi @1 '),
      2: message(2, 2, 'x', [1]),
      3: message(3, 1, 'me @1 '),
      4: message(4, 2, 'nothing'),
      5: message(5, 2, 'other @3 '),
    };
    const conversation: Conversation = { mids: [1, 2, 3, 4, 5], oldest: 1, exhausted: true };
    expect(countMentions(conversation, byMid, 0, 1)).toBe(2);
    expect(countMentions(conversation, byMid, 1, 1)).toBe(1);
    expect(countMentions(conversation, byMid, 5, 1)).toBe(0);
    expect(countMentions(undefined, byMid, 0, 1)).toBe(0);
  });
});
