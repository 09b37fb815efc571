import { describe, expect, it } from 'vitest';
import { summarizeLikes } from './likes';

describe('summarizeLikes', () => {
  it('toggles a user on a repeated action and drops empty reactions', () => {
    expect(
      summarizeLikes([
        { mid: 1, uid: 2, action: '👍' },
        { mid: 2, uid: 3, action: '👍' },
        { mid: 3, uid: 2, action: '❤️' },
        { mid: 4, uid: 2, action: '👍' },
        { mid: 5, uid: 3, action: '🎉' },
        { mid: 6, uid: 3, action: '🎉' },
        { mid: 7, uid: 3, action: '' },
      ]),
    ).toEqual([
      { action: '👍', uids: [3] },
      { action: '❤️', uids: [2] },
    ]);
  });

  it('folds in mid order whatever the input order', () => {
    expect(
      summarizeLikes([
        { mid: 9, uid: 2, action: '👀' },
        { mid: 8, uid: 2, action: '👀' },
        { mid: 10, uid: 2, action: '👀' },
      ]),
    ).toEqual([{ action: '👀', uids: [2] }]);
  });
});
