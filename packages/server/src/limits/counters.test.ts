import { describe, expect, it } from 'vitest';
import { InProcessCounters } from './counters.js';

describe('InProcessCounters', () => {
  it('counts hits in a window that starts with the first hit and then starts over', async () => {
    let now = 1_000;
    const counters = new InProcessCounters(() => now);
    expect(await counters.get('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await counters.hit('k', 500)).toEqual({ count: 1, resetInMs: 500 });
    now += 200;
    expect(await counters.hit('k', 500)).toEqual({ count: 2, resetInMs: 300 });
    expect(await counters.get('k')).toEqual({ count: 2, resetInMs: 300 });
    expect(await counters.get('other')).toEqual({ count: 0, resetInMs: 0 });
    now += 300;
    expect(await counters.get('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await counters.hit('k', 500)).toEqual({ count: 1, resetInMs: 500 });
  });

  it('takes a hit back, never below zero and never after the window', async () => {
    let now = 1_000;
    const counters = new InProcessCounters(() => now);
    await counters.hit('k', 500);
    await counters.hit('k', 500);
    await counters.release('k');
    expect((await counters.get('k')).count).toBe(1);
    await counters.release('k');
    await counters.release('k');
    expect((await counters.get('k')).count).toBe(0);
    await counters.release('unknown');
    expect(await counters.get('unknown')).toEqual({ count: 0, resetInMs: 0 });
    now += 600;
    await counters.release('k');
    expect((await counters.hit('k', 500)).count).toBe(1);
  });
});
