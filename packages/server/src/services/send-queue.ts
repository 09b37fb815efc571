/**
 * Group commit for chat records. Sends wait their turn for the send lock anyway (commit and
 * publish must happen in mid order); whoever gets the lock takes every send queued by then,
 * commits them in one transaction — one fsync, one lock round trip in scaled mode — and
 * publishes them in mid order before letting go. Under load a node commits batches instead of
 * single rows; alone, a send is a batch of one.
 */
import type { ChatMessage } from '@parley/protocol';
import type { Audience, EventBus } from '../realtime/bus.js';
import type { Lock } from '../concurrency/lock.js';
import type { NewMessage, Store } from '../store/types.js';
import { sendBatchSizes } from '../metrics/process.js';

/** Bounds one transaction, so a burst cannot hold the lock (and other nodes) for long. */
const MAX_BATCH = 256;

/** One caller's records, committed together or not at all. */
interface Waiting {
  messages: { message: NewMessage; audience: Audience }[];
  resolve: (messages: ChatMessage[]) => void;
  reject: (err: unknown) => void;
}

export class SendQueue {
  private waiting: Waiting[] = [];
  private draining = false;

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly lock: Lock,
  ) {}

  /**
   * Runs another commit-and-publish under the same lock (user log rows), so its events too reach
   * every node in the order of their commits.
   */
  ordered<T>(commitAndPublish: () => Promise<T>): Promise<T> {
    return this.lock.run(commitAndPublish);
  }

  /** Resolves once the record is committed and published. */
  async send(message: NewMessage, audience: Audience): Promise<ChatMessage> {
    const [sent] = await this.sendAll([{ message, audience }]);
    return sent!;
  }

  /** Commits several records in one transaction, all or none (a bulk delete), and publishes them. */
  sendAll(messages: { message: NewMessage; audience: Audience }[]): Promise<ChatMessage[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ messages, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  /** Whole groups up to MAX_BATCH records; a larger group goes alone. */
  private takeBatch(): Waiting[] {
    let count = 0;
    let n = 0;
    while (n < this.waiting.length && (n === 0 || count + this.waiting[n]!.messages.length <= MAX_BATCH)) {
      count += this.waiting[n]!.messages.length;
      n++;
    }
    return this.waiting.splice(0, n);
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        let taken = false;
        try {
          // The batch is taken once the lock is held: everything queued meanwhile joins it.
          await this.lock.run(async () => {
            taken = true;
            await this.commitAndPublish(this.takeBatch());
          });
        } catch (err) {
          // The lock itself failed (database unreachable): the sends waiting for it fail now
          // rather than retrying in a loop; callers answer 503.
          if (!taken) for (const w of this.takeBatch()) w.reject(err);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async commitAndPublish(batch: Waiting[]): Promise<void> {
    const items = batch.flatMap((w) => w.messages);
    if (items.length === 0) return batch.forEach((w) => w.resolve([]));
    let committed: ChatMessage[];
    try {
      committed = await this.store.messages.insertMany(items.map((item) => item.message));
      sendBatchSizes.observe(items.length);
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      // One bad caller must not fail the others: commit each caller's records on their own instead.
      for (const w of batch) await this.commitAndPublish([w]);
      return;
    }
    // Read under the lock, so it is the record published just before this batch unless that
    // record's node died between its commit and its publish (realtime/sequencer.ts).
    let prevMid = await this.store.messages.previousMid(committed[0]!.mid).catch(() => undefined);
    // Issued back to back, in mid order, on the one publishing connection.
    const published = committed.map((message, i) => {
      const envelope = {
        audience: items[i]!.audience,
        event: { type: 'chat' as const, ...message },
        ...(prevMid !== undefined && { prevMid }),
      };
      prevMid = message.mid;
      return this.bus.publish(envelope);
    });
    await Promise.all(published);
    let offset = 0;
    for (const w of batch) {
      w.resolve(committed.slice(offset, offset + w.messages.length));
      offset += w.messages.length;
    }
  }
}
