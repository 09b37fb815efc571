import { describe, expect, it } from 'vitest';
import type { Envelope } from './bus.js';
import { ChatSequencer, type SequencerSource } from './sequencer.js';
import { chatEnvelope as chat } from '../../test/support/chat-envelope.js';

const mids = (out: Envelope[]) => out.map((e) => (e.event.type === 'chat' ? e.event.mid : e.event.type));

function setup(latest: number, stored: number[] = []) {
  const out: Envelope[] = [];
  const recovered: [number, number][] = [];
  const source: SequencerSource = {
    latestMid: async () => latest,
    recover: async (after, through) => {
      recovered.push([after, through]);
      // A slow read: envelopes accepted meanwhile must wait behind it.
      await new Promise((r) => setTimeout(r, 5));
      return stored.filter((m) => m > after && m <= through).map((m) => chat(m));
    },
  };
  const errors: unknown[] = [];
  const seq = new ChatSequencer(
    source,
    (e) => out.push(e),
    (e) => errors.push(e),
  );
  return { seq, out, recovered, errors, idle: () => seq.settled() };
}

describe('ChatSequencer', () => {
  it('passes chained records straight through, in order', async () => {
    const { seq, out, recovered, idle } = setup(10);
    await seq.reset();
    seq.accept(chat(11, 10));
    seq.accept(chat(14, 11)); // mids 12 and 13 rolled back: no hole
    await idle();
    expect(mids(out)).toEqual([11, 14]);
    expect(recovered).toEqual([]);
  });

  it('fetches records a dead publisher committed but never announced, before the next one', async () => {
    const { seq, out, recovered, idle } = setup(10, [12, 13]);
    await seq.reset();
    seq.accept(chat(11, 10));
    seq.accept(chat(14, 13)); // 12 and 13 were committed by a node that died before publishing
    seq.accept({ audience: { kind: 'all' }, event: { type: 'heartbeat', time: 1 } });
    await idle();
    expect(mids(out)).toEqual([11, 12, 13, 14, 'heartbeat']);
    expect(recovered).toEqual([[11, 13]]);
  });

  it('reads back what a mark covers and it has not delivered, in order, once', async () => {
    const { seq, out, recovered, idle } = setup(10, [12, 13]);
    await seq.reset();
    seq.accept(chat(11, 10));
    seq.mark(13); // 12 and 13 committed by a node that could not publish them
    seq.mark(13); // every node's mark: nothing twice
    seq.mark(9);
    seq.accept(chat(14, 13));
    await idle();
    expect(mids(out)).toEqual([11, 12, 13, 14]);
    expect(recovered).toEqual([[11, 13]]);
  });

  it('checks nothing before its first reset and reads the position again on reset', async () => {
    const { seq, out, recovered, idle } = setup(20, [21]);
    seq.accept(chat(5, 3));
    await idle();
    await seq.reset();
    seq.accept(chat(22, 21));
    await idle();
    expect(mids(out)).toEqual([5, 21, 22]);
    expect(recovered).toEqual([[20, 21]]);
  });

  it('reports a failed recovery and keeps going', async () => {
    const out: Envelope[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const seq = new ChatSequencer(
      {
        latestMid: async () => 1,
        recover: async () => {
          if (fail) throw new Error('database down');
          return [];
        },
      },
      (e) => out.push(e),
      (e) => errors.push(e),
    );
    await seq.reset();
    seq.accept(chat(3, 2));
    await seq.settled();
    expect(errors).toHaveLength(1);
    fail = false;
    seq.accept(chat(4, 3));
    await seq.settled();
    expect(errors).toHaveLength(1);
    expect(mids(out)).toEqual([4]);
  });
});
