import { describe, expect, it } from 'vitest';
import { getInitials, hueFor } from './initials';

describe('getInitials', () => {
  it('takes the first letter of up to four words', () => {
    expect(getInitials('ada lovelace')).toBe('AL');
    expect(getInitials('  one two three four five ')).toBe('OTTF');
    expect(getInitials('Zoë')).toBe('Z');
  });

  it('handles emoji, CJK and empty names', () => {
    expect(getInitials('😀 smile')).toBe('😀S');
    expect(getInitials('山田 太郎')).toBe('山太');
    expect(getInitials('   ')).toBe('?');
  });

  it('gives a stable hue in range', () => {
    expect(hueFor(5)).toBe(hueFor(5));
    expect(hueFor(5)).toBeGreaterThanOrEqual(0);
    expect(hueFor(5)).toBeLessThan(360);
  });
});
