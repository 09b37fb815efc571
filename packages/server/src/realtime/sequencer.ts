/**
 * Keeps chat records delivered by a node gap-free when they arrive over a shared bus.
 *
 * Senders commit and publish under one cluster-wide lock, so chat envelopes arrive in mid order
 * and each names the committed mid before it (`prevMid`). Only a publisher that died between
 * commit and publish leaves a hole: the next envelope's `prevMid` is then above the last mid this
 * node delivered, and the missing records are read back from the database before it is passed on.
 * Envelopes are handled strictly one after another, so a slow recovery delays, never reorders.
 */
import type { Envelope } from './bus.js';

export interface SequencerSource {
  /** The newest committed mid, read when the sequencer (re)starts. */
  latestMid(): Promise<number>;
  /** Envelopes for every record with `afterMid < mid <= throughMid`, ascending. */
  recover(afterMid: number, throughMid: number): Promise<Envelope[]>;
}

export class ChatSequencer {
  /** The newest mid delivered or known to be covered; undefined until `reset` has read it. */
  private lastMid: number | undefined;
  private chain: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(
    private readonly source: SequencerSource,
    private readonly deliver: (envelope: Envelope) => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Forgets the position and reads it again: after a (re)subscription, before going live. */
  async reset(): Promise<void> {
    let failure: unknown;
    await this.enqueue(async () => {
      this.lastMid = undefined;
      try {
        this.lastMid = await this.source.latestMid();
      } catch (err) {
        failure = err;
      }
    });
    if (failure) throw failure;
  }

  /** Stops checking until the next `reset`: nothing is delivered meanwhile that needs it. */
  forget(): void {
    this.lastMid = undefined;
  }

  accept(envelope: Envelope): void {
    const { event, prevMid } = envelope;
    const gap =
      event.type === 'chat' && prevMid !== undefined && this.lastMid !== undefined && prevMid > this.lastMid;
    if (this.queued === 0 && !gap) {
      // The common case, on the fan-out path of every event: nothing waits ahead of it and
      // nothing is missing, so it is passed on now rather than a tick later.
      this.pass(envelope);
      return;
    }
    void this.enqueue(async () => {
      if (
        event.type === 'chat' &&
        prevMid !== undefined &&
        this.lastMid !== undefined &&
        prevMid > this.lastMid
      ) {
        for (const missed of await this.source.recover(this.lastMid, prevMid)) this.deliver(missed);
      }
      this.pass(envelope);
    });
  }

  /**
   * A node says every mid through `throughMid` is committed (it went live again, and may have
   * committed records while it could not publish): records through it not yet delivered here are
   * read back and delivered, in order with the envelopes around the mark.
   */
  mark(throughMid: number): void {
    if (this.lastMid === undefined || throughMid <= this.lastMid) return;
    void this.enqueue(async () => {
      if (this.lastMid === undefined || throughMid <= this.lastMid) return;
      for (const missed of await this.source.recover(this.lastMid, throughMid)) this.pass(missed);
      this.lastMid = Math.max(this.lastMid, throughMid);
    });
  }

  /** Resolves once every envelope accepted so far has been delivered (or its recovery failed). */
  settled(): Promise<void> {
    return this.chain;
  }

  private pass(envelope: Envelope): void {
    this.deliver(envelope);
    const { event } = envelope;
    if (event.type === 'chat' && this.lastMid !== undefined) this.lastMid = Math.max(this.lastMid, event.mid);
  }

  /** Runs `step` after every step queued before it; `queued` counts the ones not yet finished. */
  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queued++;
    this.chain = this.chain
      .then(step)
      .catch(this.onError)
      .finally(() => void this.queued--);
    return this.chain;
  }
}
