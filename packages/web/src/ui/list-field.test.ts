import { describe, expect, it } from 'vitest';
import { listWords } from './list-field';

describe('listWords', () => {
  it('splits on spaces, commas and new lines and drops empty words', () => {
    expect(listWords('stun:a:3478, stun:b:3478\nturn:c  ')).toEqual(['stun:a:3478', 'stun:b:3478', 'turn:c']);
    expect(listWords(' , ')).toEqual([]);
  });

  it('keeps a word being typed whole (the text itself is left alone until blur)', () => {
    expect(listWords('10. 192.')).toEqual(['10.', '192.']);
  });
});
