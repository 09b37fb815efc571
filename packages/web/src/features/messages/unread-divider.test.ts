import { describe, expect, it } from 'vitest';
import type { Message } from '../../lib/store';
import { buildRows } from './message-rows';

const day = () => 'd';
const message = (mid: number, fromUid: number, sending = false): Message =>
  ({ mid, fromUid, createdAt: mid * 1000, localId: null, sending }) as unknown as Message;

describe('the "new messages" divider', () => {
  it('goes before the first message from others after the read position, and breaks the sender run', () => {
    const rows = buildRows([message(1, 2), message(2, 2), message(3, 2)], day, { afterMid: 1, selfUid: 9 });
    expect(
      rows.map((r) => (r.kind === 'message' ? `${r.message.mid}${r.grouped ? 'g' : ''}` : r.kind)),
    ).toEqual(['day', '1', 'unread', '2', '3g']);
  });

  it('skips own and sending messages, and is absent when nothing from others is unread', () => {
    const own = buildRows([message(1, 2), message(2, 9), message(3, 2, true)], day, {
      afterMid: 1,
      selfUid: 9,
    });
    expect(own.some((r) => r.kind === 'unread')).toBe(false);
    const later = buildRows([message(1, 2), message(2, 9), message(3, 2)], day, { afterMid: 1, selfUid: 9 });
    expect(later.map((r) => r.kind)).toEqual(['day', 'message', 'message', 'unread', 'message']);
    expect(buildRows([message(1, 2)], day).some((r) => r.kind === 'unread')).toBe(false);
  });
});
