import { describe, expect, it } from 'vitest';
import { readMagicToken } from './magic-token';

describe('readMagicToken', () => {
  it('reads the token before the hash', () => {
    expect(readMagicToken('?magic_token=abc', '#/register')).toBe('abc');
  });

  it('reads the token from the hash query', () => {
    expect(readMagicToken('', '#/register?magic_token=x%2By')).toBe('x+y');
  });

  it('prefers the search part and returns null when absent', () => {
    expect(readMagicToken('?magic_token=one', '#/register?magic_token=two')).toBe('one');
    expect(readMagicToken('', '#/register')).toBeNull();
    expect(readMagicToken('?other=1', '#/register?magic_token=')).toBeNull();
  });
});
