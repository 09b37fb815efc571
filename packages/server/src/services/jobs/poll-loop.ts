/**
 * The loop of a delivery queue worker (`webhook-worker.ts`, `notify-worker.ts`): a pass every
 * `busyMs` while there is work about (retries, records of other nodes, a node that died), every
 * `idleMs` otherwise, and one at once when a chat record is published, so a delivery does not wait
 * for the next poll. Passes never overlap on a node; a record published during a pass starts the
 * next one without waiting. The rows live in the database, so a restart resumes them.
 */
import type { Ctx } from '../../context.js';

export interface PollLoopSpec {
  /** Logged when a pass fails (the next one comes after `idleMs`). */
  failure: string;
  busyMs: number;
  idleMs: number;
  /** One pass; resolves whether there is work about. */
  pass: () => Promise<boolean>;
  /** Whether a published chat record starts a pass at once; always when not given. */
  wakeOnChat?: () => boolean;
}

export class PollLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** A chat record arrived during a pass: run the next one without waiting. */
  private again = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly spec: PollLoopSpec,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.unsubscribe = await this.ctx.bus.subscribe((envelope) => {
      if (envelope.event.type === 'chat' && (this.spec.wakeOnChat?.() ?? true)) this.nudge();
    });
    this.schedule(this.spec.busyMs);
  }

  /** Stops polling and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    await this.running;
  }

  private nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      let busy = false;
      this.running = this.spec
        .pass()
        .then((work) => void (busy = work))
        .catch((err: unknown) => this.ctx.log.warn({ err }, this.spec.failure))
        .finally(() => {
          this.running = undefined;
          const next = this.again ? 0 : busy ? this.spec.busyMs : this.spec.idleMs;
          this.again = false;
          this.schedule(next);
        });
    }, delay);
  }
}
