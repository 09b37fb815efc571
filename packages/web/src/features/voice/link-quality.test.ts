import { describe, expect, it } from 'vitest';
import { gradeLink, type LinkSample } from './link-quality';

const at = (over: Partial<LinkSample>): LinkSample => ({
  state: 'connected',
  rtt: 0.01,
  received: 0,
  lost: 0,
  ...over,
});

describe('gradeLink', () => {
  it('calls a connection that is not up yet connecting, and one that broke reconnecting', () => {
    expect(gradeLink(null, at({ state: 'new' }))).toBe('connecting');
    expect(gradeLink(null, at({ state: 'connecting' }))).toBe('connecting');
    expect(gradeLink(null, at({ state: 'disconnected' }))).toBe('reconnecting');
    expect(gradeLink(null, at({ state: 'failed' }))).toBe('reconnecting');
  });

  it('grades by the share lost since the previous reading, not since the start', () => {
    const before = at({ received: 10_000, lost: 2_000 });
    expect(gradeLink(before, at({ received: 11_000, lost: 2_010 }))).toBe('good');
    expect(gradeLink(before, at({ received: 11_000, lost: 2_050 }))).toBe('fair');
    expect(gradeLink(before, at({ received: 11_000, lost: 2_200 }))).toBe('poor');
    expect(gradeLink(null, at({ received: 10_000, lost: 2_000 }))).toBe('poor');
  });

  it('grades by the round trip', () => {
    expect(gradeLink(null, at({ rtt: 0.2 }))).toBe('good');
    expect(gradeLink(null, at({ rtt: 0.45 }))).toBe('fair');
    expect(gradeLink(null, at({ rtt: 0.9 }))).toBe('poor');
  });

  it('with nothing received and no round trip known, a connected link is good', () => {
    const same = at({ rtt: null, received: 500, lost: 3 });
    expect(gradeLink(same, same)).toBe('good');
  });

  it('a reset counter (a new connection) does not count as loss', () => {
    expect(gradeLink(at({ received: 5_000, lost: 40 }), at({ received: 100, lost: 0 }))).toBe('good');
  });
});
