import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module.js';

describe('lazyModule', () => {
  it('loads once for every caller, concurrent ones included', async () => {
    let loads = 0;
    const get = lazyModule(async () => ({ n: ++loads }));
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next call', async () => {
    let loads = 0;
    const get = lazyModule(async () => {
      loads += 1;
      if (loads === 1) throw new Error('EMFILE');
      return 'ready';
    });
    await expect(get()).rejects.toThrow('EMFILE');
    expect(await get()).toBe('ready');
    expect(loads).toBe(2);
  });
});
