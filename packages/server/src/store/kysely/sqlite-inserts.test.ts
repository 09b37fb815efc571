import { describe, expect, it } from 'vitest';
import { insertText } from './sqlite-inserts.js';

describe('insertText', () => {
  it('writes one placeholder tuple per row, quoted names and the returning column', () => {
    expect(insertText('message_fts', ['rowid', 'body'], 2)).toBe(
      'insert into "message_fts" ("rowid", "body") values (?, ?), (?, ?)',
    );
    expect(insertText('messages', ['a"b'], 1, 'mid')).toBe(
      'insert into "messages" ("a""b") values (?) returning "mid"',
    );
  });

  it('keeps texts apart by row count and returning column', () => {
    expect(insertText('t', ['a'], 3)).toBe('insert into "t" ("a") values (?), (?), (?)');
    expect(insertText('t', ['a'], 1)).toBe('insert into "t" ("a") values (?)');
    expect(insertText('t', ['a'], 1, 'a')).toBe('insert into "t" ("a") values (?) returning "a"');
  });
});
