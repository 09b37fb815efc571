import { describe, expect, it } from 'vitest';
import { firstLink, hasContent } from './first-link';

describe('firstLink', () => {
  it('finds the first http(s) link, without trailing punctuation', () => {
    expect(firstLink('see https://example.com/a?b=1, and http://other.test')).toBe(
      'https://example.com/a?b=1',
    );
    expect(firstLink('(https://example.com/x).')).toBe('https://example.com/x');
    expect(firstLink('[docs](https://example.com/docs)')).toBe('https://example.com/docs');
  });

  it('ignores other schemes and plain text', () => {
    expect(firstLink('javascript:alert(1) ftp://x.test mailto:a@b.c')).toBeNull();
    expect(firstLink('no link here')).toBeNull();
  });
});

describe('hasContent', () => {
  const empty = { type: '', title: '', url: '', images: [], audios: [], videos: [] };
  it('shows a card only with a title or a description', () => {
    expect(hasContent(null)).toBe(false);
    expect(hasContent(empty)).toBe(false);
    expect(hasContent({ ...empty, description: 'd' })).toBe(true);
    expect(hasContent({ ...empty, title: 't' })).toBe(true);
  });
});
