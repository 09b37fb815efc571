import { describe, expect, it } from 'vitest';
import { displaySize, formatSize } from './format-size';

describe('formatSize', () => {
  it('counts in thousands', () => {
    expect(formatSize(999, 'en')).toBe('999 B');
    expect(formatSize(1000, 'en')).toBe('1 KB');
    expect(formatSize(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatSize(5_000_000_000, 'en')).toBe('5 GB');
    expect(formatSize(123_456, 'en')).toBe('123 KB');
  });
});

describe('displaySize', () => {
  it('clamps the longer side to 200–320 px and keeps the aspect ratio', () => {
    expect(displaySize(1000, 500)).toEqual({ width: 320, height: 160 });
    expect(displaySize(50, 100)).toEqual({ width: 100, height: 200 });
    expect(displaySize(250, 250)).toEqual({ width: 250, height: 250 });
    expect(displaySize(undefined, 10)).toEqual({ width: 240, height: 180 });
  });
});
