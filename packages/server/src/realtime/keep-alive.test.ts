import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeepAliveSweeper, type KeptAlive } from './keep-alive.js';

class Recorder implements KeptAlive {
  readonly writes: string[] = [];
  writeComment(): void {
    this.writes.push('comment');
  }
  deliver(frame: string): void {
    this.writes.push(frame);
  }
}

const timing = { commentMs: 5_000, heartbeatMs: 15_000, slices: 50 };

describe('KeepAliveSweeper', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('touches one slice per tick, and every stream once per period', () => {
    const sweeper = new KeepAliveSweeper(timing, () => 'heartbeat');
    const conns = Array.from({ length: 1_000 }, () => new Recorder());
    for (const conn of conns) sweeper.add(conn);
    sweeper.start();
    const written = () => conns.reduce((n, c) => n + c.writes.length, 0);
    let before = 0;
    for (let tick = 0; tick < timing.slices; tick++) {
      vi.advanceTimersByTime(timing.commentMs / timing.slices);
      expect(written() - before).toBe(1_000 / timing.slices);
      before = written();
    }
    for (const conn of conns) expect(conn.writes).toHaveLength(1);
    sweeper.stop();
  });

  it('sends each stream a heartbeat once per heartbeat period and a comment in the other periods', () => {
    const sweeper = new KeepAliveSweeper(timing, () => 'heartbeat');
    const conns = Array.from({ length: 120 }, () => new Recorder());
    for (const conn of conns) sweeper.add(conn);
    sweeper.start();
    vi.advanceTimersByTime(timing.heartbeatMs * 2);
    for (const conn of conns) {
      expect(conn.writes).toEqual(['heartbeat', 'comment', 'comment', 'heartbeat', 'comment', 'comment']);
    }
    sweeper.stop();
  });

  it('writes nothing to a removed stream, and nothing after stop', () => {
    const sweeper = new KeepAliveSweeper(timing, () => 'heartbeat');
    const kept = new Recorder();
    const gone = new Recorder();
    sweeper.add(kept);
    sweeper.add(gone);
    sweeper.remove(gone);
    sweeper.start();
    vi.advanceTimersByTime(timing.commentMs);
    expect(kept.writes).toEqual(['heartbeat']);
    expect(gone.writes).toEqual([]);
    sweeper.stop();
    vi.advanceTimersByTime(timing.heartbeatMs);
    expect(kept.writes).toEqual(['heartbeat']);
  });
});
