import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../lib/store';
import { needsBackfill } from './unread-backfill';

const conv = (oldest: number | null, exhausted = false): Conversation => ({ mids: [], oldest, exhausted });

describe('needsBackfill', () => {
  it('asks for older history when every loaded message is unread', () => {
    expect(needsBackfill(conv(1000), 10, 50)).toBe(true);
  });

  it('stops at the read position, the end of history and the display cap', () => {
    expect(needsBackfill(conv(1000), 1000, 50)).toBe(false);
    expect(needsBackfill(conv(1000), 2000, 0)).toBe(false);
    expect(needsBackfill(conv(1000, true), 10, 50)).toBe(false);
    expect(needsBackfill(conv(1000), 10, 100)).toBe(false);
    expect(needsBackfill(conv(null), 10, 50)).toBe(false);
    expect(needsBackfill(undefined, 10, 50)).toBe(false);
  });
});
