/**
 * The hub holds this node's open event streams and delivers bus envelopes to them. Each event is
 * serialised once per envelope and the same frame is written to every matching stream. A stream
 * still sending its initial sync queues live frames and flushes them after `ready`, skipping chat
 * records its backlog already carried (docs/events.md).
 */
import type { ServerEvent } from '@parley/protocol';
import { LIMITS } from '@parley/protocol';
import type { Audience, Envelope, EventBus } from './bus.js';
import { KeepAliveSweeper } from './keep-alive.js';

/** A stream whose unsent bytes exceed this is cut off; the client reconnects and resumes. */
export const STREAM_BUFFER_CAP_BYTES = 4 * 1024 * 1024;

/** Reconnect hints (SSE `retry:`): another node is ready at once after a shutdown… */
const RECONNECT_AFTER_SHUTDOWN_MS = 1_000;
/** …while Redis may take a few seconds to come back. */
const RECONNECT_AFTER_LOSS_MS = 3_000;
/** A tick every 100 ms at the 5 s comment period. */
const KEEP_ALIVE_SLICES = 50;

export interface StreamSink {
  /** Writes a frame; returns the bytes waiting in the socket buffer afterwards. */
  write(frame: string): number;
  end(): void;
}

export class StreamConnection {
  private pending: { frame: string; mid: number | undefined; close: boolean }[] | null = [];
  private closed = false;
  /** The newest chat mid written to this stream. */
  private lastMid = 0;

  constructor(
    readonly id: string,
    readonly uid: number,
    readonly device: string,
    private readonly sink: StreamSink,
    private readonly onClose: (conn: StreamConnection) => void,
    /** Rewrites each live frame for this reader (guests: `policy/guests.ts`). */
    private readonly rewrite?: (frame: string) => string,
  ) {}

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Still sending its initial sync: live frames wait in `pending` until `ready`. */
  get syncing(): boolean {
    return this.pending !== null;
  }

  /** Writes now: used for the initial sync itself. */
  send(event: ServerEvent): void {
    if (event.type === 'chat') this.lastMid = Math.max(this.lastMid, event.mid);
    this.writeFrame(frameOf(event));
  }

  /** Writes a frame serialised once for many streams (not a chat record): initial sync only. */
  sendFrame(frame: string): void {
    this.writeFrame(frame);
  }

  /**
   * Delivers a live frame: queued while the initial sync runs. Chat records arrive in mid order,
   * so one at or below the newest this stream already has is a copy (the backlog read it after
   * its commit, before its publication reached this node) and is dropped.
   */
  deliver(shared: string, mid: number | undefined, close: boolean): void {
    if (this.closed) return;
    const frame = this.rewrite ? this.rewrite(shared) : shared;
    if (this.pending) {
      this.pending.push({ frame, mid, close });
      return;
    }
    if (mid !== undefined) {
      if (mid <= this.lastMid) return;
      this.lastMid = mid;
    }
    this.writeFrame(frame);
    if (close) this.close();
  }

  /** Ends the initial sync: flushes queued live frames, skipping chat records the backlog held. */
  goLive(lastBacklogMid: number): void {
    const queued = this.pending ?? [];
    this.pending = null;
    this.lastMid = Math.max(this.lastMid, lastBacklogMid);
    for (const { frame, mid, close } of queued) {
      this.deliver(frame, mid, close);
      if (this.closed) return;
    }
  }

  writeComment(): void {
    if (!this.pending) this.writeFrame(':\n\n');
  }

  /** `retryMs` becomes the SSE `retry:` field: how long an EventSource waits before reconnecting. */
  close(retryMs?: number): void {
    if (this.closed) return;
    if (retryMs !== undefined) this.sink.write(`retry: ${Math.round(retryMs)}\n\n`);
    this.closed = true;
    this.sink.end();
    this.onClose(this);
  }

  private writeFrame(frame: string): void {
    if (this.closed) return;
    if (this.sink.write(frame) > STREAM_BUFFER_CAP_BYTES) this.close();
  }
}

export function frameOf(event: ServerEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

export class Hub {
  private readonly byUid = new Map<number, Set<StreamConnection>>();
  private unsubscribe: (() => void) | undefined;
  private readonly keepAlive = new KeepAliveSweeper(
    {
      commentMs: LIMITS.keepAliveCommentSeconds * 1000,
      heartbeatMs: LIMITS.heartbeatSeconds * 1000,
      slices: KEEP_ALIVE_SLICES,
    },
    () => frameOf({ type: 'heartbeat', time: Date.now() }),
  );

  constructor(private readonly bus: EventBus) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe((envelope) => this.dispatch(envelope));
    // Events may be missed until the bus is back: clients start over from the database instead.
    this.bus.onLost(() => this.closeAll(RECONNECT_AFTER_LOSS_MS));
    this.keepAlive.start();
  }

  add(conn: StreamConnection): void {
    let set = this.byUid.get(conn.uid);
    if (!set) this.byUid.set(conn.uid, (set = new Set()));
    set.add(conn);
    this.keepAlive.add(conn);
  }

  remove(conn: StreamConnection): void {
    this.keepAlive.remove(conn);
    const set = this.byUid.get(conn.uid);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byUid.delete(conn.uid);
  }

  connectionCount(): number {
    let n = 0;
    for (const set of this.byUid.values()) n += set.size;
    return n;
  }

  /** Closes every stream (shutdown); clients reconnect to another node and resume there. */
  async stop(): Promise<void> {
    this.keepAlive.stop();
    this.unsubscribe?.();
    this.closeAll(RECONNECT_AFTER_SHUTDOWN_MS);
  }

  /**
   * Each stream gets its own delay in [0.5, 1.5] × `retryMs`, so thousands of clients do not
   * come back in the same millisecond.
   */
  private closeAll(retryMs: number): void {
    this.eachConnection((c) => c.close(retryMs * (0.5 + Math.random())));
  }

  private dispatch({ audience, event, close, eventJson }: Envelope): void {
    const targets = this.targets(audience);
    if (targets.length === 0) return;
    const frame = eventJson !== undefined ? `data: ${eventJson}\n\n` : frameOf(event);
    const mid = event.type === 'chat' ? event.mid : undefined;
    for (const conn of targets) conn.deliver(frame, mid, close === true);
  }

  private targets(audience: Audience): StreamConnection[] {
    switch (audience.kind) {
      case 'users': {
        const out: StreamConnection[] = [];
        for (const uid of audience.uids) {
          const set = this.byUid.get(uid);
          if (!set) continue;
          // The device that made a change applied it itself, unless its stream is still syncing:
          // the snapshot it is being sent may predate the change and would undo it.
          for (const conn of set) if (conn.device !== audience.exceptDevice || conn.syncing) out.push(conn);
        }
        return out;
      }
      case 'all': {
        const out: StreamConnection[] = [];
        for (const [uid, set] of this.byUid) if (uid !== audience.exceptUid) out.push(...set);
        return out;
      }
      case 'device': {
        const set = this.byUid.get(audience.uid);
        if (!set) return [];
        return [...set].filter((c) => c.device === audience.device && c.id !== audience.exceptConnection);
      }
    }
  }

  private eachConnection(fn: (conn: StreamConnection) => void): void {
    for (const set of [...this.byUid.values()]) for (const conn of [...set]) fn(conn);
  }
}
