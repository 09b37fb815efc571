import { describe, expect, it } from 'vitest';
import { cropParam, initialCrop } from './crop-math';

describe('cropParam', () => {
  it('gives the square in whole image pixels, inside the image', () => {
    const frame = { view: 280, width: 600, height: 300 };
    expect(cropParam(frame, initialCrop(frame))).toBe('150,0,300');
    // Moved fully left (x at 0): the left square.
    expect(cropParam(frame, { ...initialCrop(frame), x: 0 })).toBe('0,0,300');
  });
});
