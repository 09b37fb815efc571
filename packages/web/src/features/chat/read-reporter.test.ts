import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const updateReadIndex = vi.fn(() => Promise.resolve(null));
vi.mock('../../lib/api', () => ({ updateReadIndex }));

const { reportRead } = await import('./read-reporter');

beforeEach(() => {
  vi.useFakeTimers();
  updateReadIndex.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reportRead', () => {
  it('sends one call with the newest position of every conversation', async () => {
    reportRead('g:1', 10);
    reportRead('g:1', 12);
    reportRead('g:1', 11);
    reportRead('u:7', 30);
    expect(updateReadIndex).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(updateReadIndex).toHaveBeenCalledExactlyOnceWith({
      users: [{ uid: 7, mid: 30 }],
      groups: [{ gid: 1, mid: 12 }],
    });
  });

  it('starts a new batch after a flush', async () => {
    reportRead('g:2', 5);
    await vi.advanceTimersByTimeAsync(400);
    reportRead('g:2', 6);
    await vi.advanceTimersByTimeAsync(400);
    expect(updateReadIndex).toHaveBeenCalledTimes(2);
    expect(updateReadIndex).toHaveBeenLastCalledWith({ groups: [{ gid: 2, mid: 6 }] });
  });
});
