import type { ChatMessage, MessageDetail } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { useTestStore } from '../../test/support/databases.js';
import { newUser, T0 } from '../../test/support/store-fixtures.js';
import { InProcessBus, type Envelope } from '../realtime/bus.js';
import { Mutex, type Lock } from '../concurrency/lock.js';
import { SendQueue } from './send-queue.js';

const text = (content: string): MessageDetail => ({
  type: 'normal',
  properties: null,
  content_type: 'text/plain',
  content,
  expires_in: null,
});

/** The real lock, counting how often it was taken. */
class CountingLock implements Lock {
  taken = 0;
  private readonly inner = new Mutex();
  run<T>(fn: () => Promise<T>): Promise<T> {
    return this.inner.run(() => {
      this.taken++;
      return fn();
    });
  }
}

describe('SendQueue (group commit)', () => {
  const db = useTestStore();

  async function setup() {
    const store = db().store;
    const user = await store.users.create(newUser());
    const bus = new InProcessBus();
    const published: Envelope[] = [];
    await bus.subscribe((e) => published.push(e));
    const lock = new CountingLock();
    return { store, user, bus, published, lock, queue: new SendQueue(store, bus, lock) };
  }

  it('commits concurrent sends in batches, in order, each published once with its predecessor', async () => {
    const { store, user, published, lock, queue } = await setup();
    const before = await store.messages.maxMid();
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        queue.send(
          { from_uid: user.uid, created_at: T0, target: { uid: user.uid }, detail: text(`#${i}`) },
          { kind: 'all' },
        ),
      ),
    );
    // Submission order is mid order, and every record is stored as returned.
    expect(sent.map((m) => (m.detail as { content: string }).content)).toEqual(
      Array.from({ length: 40 }, (_, i) => `#${i}`),
    );
    const mids = sent.map((m) => m.mid);
    expect(mids).toEqual([...mids].sort((a, b) => a - b));
    expect(await store.messages.listRange(before, mids.at(-1)!, 100)).toEqual(sent);
    // Fewer lock turns than sends: the ones queued behind the first went in together.
    expect(lock.taken).toBeLessThan(40);
    const chats = published.map((e) => e.event as ChatMessage & { type: 'chat' });
    expect(chats.map((c) => c.mid)).toEqual(mids);
    expect(published.map((e) => e.prevMid)).toEqual([before, ...mids.slice(0, -1)]);
  });

  it('fails only the send whose record cannot be stored, and commits the rest of its batch', async () => {
    const { store, user, queue } = await setup();
    const bad = { ...text('bad'), content: 10n as unknown as string }; // JSON cannot hold a BigInt
    const results = await Promise.allSettled([
      queue.send(
        { from_uid: user.uid, created_at: T0, target: { uid: user.uid }, detail: text('a') },
        { kind: 'all' },
      ),
      queue.send(
        { from_uid: user.uid, created_at: T0, target: { uid: user.uid }, detail: text('b') },
        { kind: 'all' },
      ),
      queue.send(
        { from_uid: user.uid, created_at: T0, target: { uid: user.uid }, detail: bad },
        { kind: 'all' },
      ),
      queue.send(
        { from_uid: user.uid, created_at: T0, target: { uid: user.uid }, detail: text('c') },
        { kind: 'all' },
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const stored = await store.messages.dmHistory(user.uid, user.uid, { limit: 10 });
    expect(stored.map((m) => (m.detail as { content: string }).content)).toEqual(['a', 'b', 'c']);
  });
});

describe('SendQueue when the lock cannot be taken', () => {
  const db = useTestStore();

  it('fails the waiting sends instead of retrying, and works again once the lock does', async () => {
    const store = db().store;
    const user = await store.users.create(newUser());
    let broken = true;
    let attempts = 0;
    const inner = new Mutex();
    const lock: Lock = {
      run: (fn) => {
        attempts++;
        return broken ? Promise.reject(new Error('connect ECONNREFUSED')) : inner.run(fn);
      },
    };
    const queue = new SendQueue(store, new InProcessBus(), lock);
    const msg = (content: string) => ({
      from_uid: user.uid,
      created_at: T0,
      target: { uid: user.uid },
      detail: text(content),
    });
    const failed = await Promise.allSettled([
      queue.send(msg('a'), { kind: 'all' }),
      queue.send(msg('b'), { kind: 'all' }),
    ]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(attempts).toBe(1);
    broken = false;
    const ok = await queue.send(msg('c'), { kind: 'all' });
    expect(await store.messages.get(ok.mid)).toEqual(ok);
  });
});
