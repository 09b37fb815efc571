import { describe, expect, it } from 'vitest';
import { InProcessTokenBuckets } from './token-bucket.js';

describe('InProcessTokenBuckets', () => {
  it('lets a burst through, refills at the rate, and says when the next token is back', async () => {
    let now = 1_000;
    const buckets = new InProcessTokenBuckets(() => now);
    const rate = { perSecond: 5, burst: 3 };
    for (let i = 0; i < 3; i++) expect(await buckets.take('k', rate)).toEqual({ ok: true, retryInMs: 0 });
    expect(await buckets.take('k', rate)).toEqual({ ok: false, retryInMs: 200 });
    expect((await buckets.take('other', rate)).ok).toBe(true);
    now += 100;
    expect(await buckets.take('k', rate)).toEqual({ ok: false, retryInMs: 100 });
    now += 100;
    expect((await buckets.take('k', rate)).ok).toBe(true);
    expect((await buckets.take('k', rate)).ok).toBe(false);
    // A long pause refills to the burst, never beyond it.
    now += 60_000;
    for (let i = 0; i < 3; i++) expect((await buckets.take('k', rate)).ok).toBe(true);
    expect((await buckets.take('k', rate)).ok).toBe(false);
  });
});
