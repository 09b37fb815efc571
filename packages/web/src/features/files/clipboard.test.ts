import { describe, expect, it } from 'vitest';
import { canCopyImage, copyImage } from './clipboard';

describe('copying images', () => {
  it('takes JPEG and PNG only', () => {
    expect(canCopyImage('image/jpeg')).toBe(true);
    expect(canCopyImage('image/PNG')).toBe(true);
    expect(canCopyImage('image/png; charset=binary')).toBe(true);
    for (const type of ['image/gif', 'image/webp', 'image/svg+xml', 'application/pdf', ''])
      expect(canCopyImage(type)).toBe(false);
  });

  it('refuses other types before touching the clipboard', async () => {
    expect(await copyImage('/api/resource/file?file_path=x', 'image/gif')).toBe('unsupported');
  });
});
