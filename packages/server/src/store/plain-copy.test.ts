import { describe, expect, it } from 'vitest';
import { plainCopy } from './plain-copy.js';

describe('plainCopy', () => {
  it('copies plain rows deeply: nothing of the copy is shared with the original', () => {
    const row = {
      uid: 1,
      name: 'a',
      avatar: null,
      gone: undefined,
      tags: [1, [2]],
      nested: { x: { y: 'z' } },
    };
    const copy = plainCopy(row);
    expect(copy).toEqual(row);
    expect(Object.keys(copy)).toEqual(Object.keys(row));
    expect(copy).not.toBe(row);
    expect(copy.tags).not.toBe(row.tags);
    expect(copy.tags[1]).not.toBe(row.tags[1]);
    expect(copy.nested.x).not.toBe(row.nested.x);
    const list = [{ a: 1 }];
    expect(plainCopy(list)[0]).not.toBe(list[0]);
  });

  it('copies what is not plain as structuredClone does', () => {
    const when = new Date(5);
    const bytes = new Uint8Array([1, 2]);
    const copy = plainCopy({ when, bytes, map: new Map([[1, 'a']]) });
    expect(copy.when).toBeInstanceOf(Date);
    expect(copy.when).not.toBe(when);
    expect(copy.when.getTime()).toBe(5);
    expect(copy.bytes).not.toBe(bytes);
    expect([...copy.bytes]).toEqual([1, 2]);
    expect(copy.map.get(1)).toBe('a');
    expect(plainCopy(7)).toBe(7);
    expect(plainCopy(null)).toBe(null);
  });

  it('copies an object without a prototype as a plain object', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: [1] });
    const copy = plainCopy(bare);
    expect(copy).toEqual({ a: [1] });
    expect(copy['a']).not.toBe(bare['a']);
  });
});
