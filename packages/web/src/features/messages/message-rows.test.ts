import { describe, expect, it } from 'vitest';
import type { Message } from '../../lib/store';
import { buildRows } from './message-rows';

const MIN = 60_000;
const base = Date.UTC(2025, 0, 1, 12, 0, 0);

function message(mid: number, fromUid: number, createdAt: number, localId: number | null = null): Message {
  return {
    mid,
    conv: 'g:1',
    fromUid,
    createdAt,
    contentType: 'text/plain',
    content: `m${mid}`,
    properties: null,
    replyMid: null,
    localId,
    sending: false,
    provisional: false,
    edited: false,
    editMid: 0,
    likes: [],
  };
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('buildRows', () => {
  it('groups a sender within five minutes and starts a new group after a gap or another sender', () => {
    const rows = buildRows(
      [
        message(1, 7, base),
        message(2, 7, base + 4 * MIN),
        message(3, 7, base + 10 * MIN),
        message(4, 8, base + 11 * MIN),
        message(5, 7, base + 12 * MIN),
      ],
      dayOf,
    );
    expect(rows.map((row) => (row.kind === 'message' ? row.grouped : row.kind))).toEqual([
      'day',
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it('puts a separator before each day and never groups across it', () => {
    const rows = buildRows([message(1, 7, base), message(2, 7, base + 12 * 60 * MIN)], dayOf);
    expect(rows.map((row) => row.key)).toEqual(['day-2025-01-01', 'm-1', 'day-2025-01-02', 'm-2']);
    expect(rows[3]).toMatchObject({ grouped: false });
  });

  it('keys messages by local id so the sent message keeps the placeholder key', () => {
    const [, placeholder] = buildRows([message(1_700_000_000_000, 7, base, 1_700_000_000_000)], dayOf);
    const [, real] = buildRows([message(42, 7, base, 1_700_000_000_000)], dayOf);
    expect(placeholder?.key).toBe(real?.key);
  });

  it('falls back to the mid when two messages claim the same local id', () => {
    const rows = buildRows([message(1, 7, base, 5), message(2, 7, base + MIN, 5)], dayOf);
    expect(rows.slice(1).map((row) => row.key)).toEqual(['m-7-5', 'm-2']);
  });
});
