/**
 * A client that keeps its event stream the way a real client does: when the stream ends it
 * reconnects (through the balancer, to whichever node) with `after_mid` = the last chat mid it
 * received, retrying while nodes answer 502/503. Records every chat mid in arrival order, so a
 * test can demand exactly the committed records, once each, in order. Frames are checked against
 * the protocol as in `sse.ts`; `waitFor` fails on the first that does not match.
 */
import { openTestStream, type TestStream } from './sse.js';

const RETRY_MS = 200;

export class ResumingStream {
  /** Chat mids in the order they arrived, duplicates included (a test asserts there are none). */
  readonly mids: number[] = [];
  /** Streams opened after the first one. */
  reconnects = 0;
  /** The SSE `retry:` hints of streams the server ended; the client waits that long, as EventSource does. */
  readonly retryHints: number[] = [];
  private lastMid: number;
  private current: TestStream | undefined;
  /** Every stream opened, so a frame that broke the protocol on any of them fails `waitFor`. */
  private readonly opened: TestStream[] = [];
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly balancerUrl: string,
    private readonly token: string,
    afterMid: number,
  ) {
    this.lastMid = afterMid;
  }

  /** Opens the first stream at `url` (a given node) and resolves once it is ready. */
  async start(url: string): Promise<void> {
    const first = await this.open(url);
    if (first.status !== 200) throw new Error(`stream refused: ${first.status}`);
    await first.ready(10_000);
    this.loop = this.keep(first);
  }

  /** Resolves once every mid in `expected` has arrived; rejects after `ms`. */
  async waitFor(expected: readonly number[], ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      const invalid = this.opened.find((s) => s.invalid)?.invalid;
      if (invalid) throw invalid;
      const have = new Set(this.mids);
      const missing = expected.filter((m) => !have.has(m));
      if (missing.length === 0) return;
      if (Date.now() > deadline) {
        throw new Error(
          `${missing.length} of ${expected.length} mids never arrived, e.g. ${missing.slice(0, 5)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.current?.close();
    await this.loop;
  }

  private async open(url: string): Promise<TestStream> {
    const stream = await openTestStream(url, this.token, { after_mid: this.lastMid }, {}, (event) => {
      if (event.type !== 'chat') return;
      this.mids.push(event.mid);
      this.lastMid = Math.max(this.lastMid, event.mid);
    });
    this.opened.push(stream);
    return stream;
  }

  private async keep(first: TestStream): Promise<void> {
    let stream: TestStream | undefined = first;
    while (!this.stopped) {
      if (stream) {
        this.current = stream;
        await stream.ended;
        if (this.stopped) return;
        if (stream.retryMs !== undefined) this.retryHints.push(stream.retryMs);
      }
      await new Promise((r) => setTimeout(r, stream?.retryMs ?? RETRY_MS));
      try {
        stream = await this.open(this.balancerUrl);
        if (stream.status === 200) this.reconnects++;
        else stream = undefined;
      } catch {
        stream = undefined;
      }
    }
  }
}
