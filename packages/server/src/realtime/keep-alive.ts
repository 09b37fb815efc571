/**
 * Keep-alive writes (SSE comments every `keepAliveCommentSeconds`, the contract's `heartbeat`
 * event every `heartbeatSeconds`) spread over their period: a timer visits one slice of the streams
 * per tick. Sweeping every stream at once blocked the event loop for ~150 ms at 10,000 streams,
 * and a message fanned out at that moment waited for it (docs/benchmarks.md, "10,000 open streams").
 */

/** What the sweeper writes to: `StreamConnection` (kept structural to avoid an import cycle). */
export interface KeptAlive {
  writeComment(): void;
  deliver(frame: string, mid: undefined, close: false): void;
}

export interface KeepAliveTiming {
  commentMs: number;
  heartbeatMs: number;
  /** How many ticks one comment period is cut into; each tick visits one slice. */
  slices: number;
}

export class KeepAliveSweeper {
  private readonly slices: Set<KeptAlive>[];
  private readonly sliceOf = new Map<KeptAlive, number>();
  /** Every how many visits of a slice it gets a heartbeat instead of a comment. */
  private readonly heartbeatEvery: number;
  private nextSlot = 0;
  private tick = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly timing: KeepAliveTiming,
    private readonly heartbeatFrame: () => string,
  ) {
    this.slices = Array.from({ length: timing.slices }, () => new Set<KeptAlive>());
    this.heartbeatEvery = Math.max(1, Math.round(timing.heartbeatMs / timing.commentMs));
  }

  start(): void {
    this.timer = setInterval(() => this.visit(), this.timing.commentMs / this.timing.slices);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** New streams go to the slices round-robin, so the slices stay even as streams come and go. */
  add(conn: KeptAlive): void {
    const slot = this.nextSlot;
    this.nextSlot = (this.nextSlot + 1) % this.slices.length;
    this.slices[slot]!.add(conn);
    this.sliceOf.set(conn, slot);
  }

  remove(conn: KeptAlive): void {
    const slot = this.sliceOf.get(conn);
    if (slot === undefined) return;
    this.sliceOf.delete(conn);
    this.slices[slot]!.delete(conn);
  }

  private visit(): void {
    const slot = this.tick % this.slices.length;
    const round = Math.floor(this.tick / this.slices.length);
    this.tick++;
    const slice = [...this.slices[slot]!];
    if (round % this.heartbeatEvery === 0) {
      const frame = this.heartbeatFrame();
      for (const conn of slice) conn.deliver(frame, undefined, false);
    } else {
      for (const conn of slice) conn.writeComment();
    }
  }
}
