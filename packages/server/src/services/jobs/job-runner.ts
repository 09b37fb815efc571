/**
 * A background job on a timer. Every node runs the timer; passes never overlap on a node. With a
 * lease, a row in the database (`job_leases`) lets one node at a time do the work, and another
 * takes over when the holder stops renewing it.
 */
import { randomToken } from '../../auth/tokens.js';
import type { Ctx } from '../../context.js';

export interface JobSpec {
  /** Names the job in the log and, with `leaseMs`, its `job_leases` row. */
  name: string;
  intervalMs: number;
  /** Taken before each pass that works; without it every node works (work that is safe to repeat). */
  leaseMs?: number;
  /** A cheap probe first: an idle tick only reads, and the lease is written only when there is work. */
  hasWork?: (now: number) => Promise<boolean>;
  pass: (now: number) => Promise<void>;
}

export class JobRunner {
  private readonly holder = randomToken(9);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly job: JobSpec,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.job.intervalMs);
    this.timer.unref();
  }

  /** One pass (tests call it directly); passes never overlap on a node. */
  tick(): Promise<void> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stops the timer, waits for the pass in progress and gives the lease up. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    if (this.job.leaseMs !== undefined)
      await this.ctx.store.jobLeases.release(this.job.name, this.holder).catch(() => {});
  }

  private async run(): Promise<void> {
    const { name, leaseMs, hasWork, pass } = this.job;
    try {
      const now = this.ctx.now();
      if (hasWork && !(await hasWork(now))) return;
      if (
        leaseMs !== undefined &&
        !(await this.ctx.store.jobLeases.acquire(name, this.holder, now, now + leaseMs))
      )
        return;
      await pass(now);
    } catch (err) {
      this.ctx.log.warn({ err, job: name }, 'background job pass failed');
    }
  }
}
