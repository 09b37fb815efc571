import { describe, expect, it } from 'vitest';
import { formatDuration, rewriteInviteOrigin, splitDuration } from './invite-link';

describe('rewriteInviteOrigin', () => {
  it('keeps path, query and hash but swaps the origin', () => {
    expect(
      rewriteInviteOrigin('http://internal:3000/?magic_token=abc#/register', 'https://chat.example.com'),
    ).toBe('https://chat.example.com/?magic_token=abc#/register');
  });

  it('returns text that is not a URL unchanged', () => {
    expect(rewriteInviteOrigin('  not a url ', 'https://x')).toBe('not a url');
  });
});

describe('durations', () => {
  it('uses the largest whole unit', () => {
    expect(splitDuration(1800)).toEqual({ value: 30, unit: 'minute' });
    expect(splitDuration(21600)).toEqual({ value: 6, unit: 'hour' });
    expect(splitDuration(604800)).toEqual({ value: 7, unit: 'day' });
  });

  it('formats with the locale', () => {
    expect(formatDuration(3600, 'en')).toBe('1 hour');
    expect(formatDuration(2592000, 'en')).toBe('30 days');
  });
});
