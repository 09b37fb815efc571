import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('finds http and https links and leaves trailing punctuation outside', () => {
    expect(linkify('see https://example.com/a?b=1. and http://x.io)')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. and ' },
      { kind: 'link', text: 'http://x.io', href: 'http://x.io' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never links other schemes', () => {
    expect(linkify('javascript:alert(1) ftp://x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://x' },
    ]);
  });
});
