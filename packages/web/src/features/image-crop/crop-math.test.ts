import { describe, expect, it } from 'vitest';
import { clampCrop, initialCrop, maxScale, sourceSquare, zoomTo } from './crop-math';

const frame = { view: 300, width: 600, height: 300 };

describe('crop geometry', () => {
  it('starts on the centred short side and cuts it whole, stored at most 512 px', () => {
    const crop = initialCrop(frame);
    expect(crop).toEqual({ scale: 1, x: -150, y: 0 });
    expect(sourceSquare(frame, crop)).toEqual({ sx: 150, sy: 0, side: 300, out: 300 });
    const big = { view: 300, width: 2000, height: 1000 };
    expect(sourceSquare(big, initialCrop(big)).out).toBe(512);
  });

  it('never uncovers the viewport and never cuts less than 128 image pixels', () => {
    expect(clampCrop(frame, { scale: 1, x: 40, y: -80 })).toEqual({ scale: 1, x: 0, y: 0 });
    expect(clampCrop(frame, { scale: 1, x: -900, y: 0 }).x).toBe(-300);
    expect(clampCrop(frame, { scale: 0.1, x: 0, y: 0 }).scale).toBe(1);
    const zoomed = zoomTo(frame, initialCrop(frame), 100);
    expect(zoomed.scale).toBe(maxScale(frame));
    expect(sourceSquare(frame, zoomed).side).toBeCloseTo(128);
  });

  it('zooms about the centre of the viewport', () => {
    const zoomed = zoomTo(frame, initialCrop(frame), 2);
    const { sx, side } = sourceSquare(frame, zoomed);
    expect(sx + side / 2).toBeCloseTo(300);
  });
});
