/**
 * The event bus: services publish after commit, every node's hub receives and delivers to its own
 * streams (docs/events.md). The in-process bus is the default; a Redis bus joins it for scale-out.
 */
import type { ServerEvent } from '@parley/protocol';

export type Audience =
  | { kind: 'users'; uids: readonly number[]; exceptDevice?: string }
  | { kind: 'all'; exceptUid?: number }
  /** One device's stream; `exceptConnection` spares the stream that caused the event. */
  | { kind: 'device'; uid: number; device: string; exceptConnection?: string };

export interface Envelope {
  audience: Audience;
  event: ServerEvent;
  /** When set, the hub closes the matching streams after writing the event (kicks). */
  close?: boolean;
  /**
   * On chat records: the committed mid just below this one. A node that has not delivered that
   * mid knows it missed a record (its publisher died after commit) and fetches it first.
   */
  prevMid?: number;
  /**
   * The event already serialised as JSON, when it arrived that way (from Redis): the hub builds
   * the SSE frame from it instead of serialising the event again on every node.
   */
  eventJson?: string;
}

export interface EventBus {
  publish(envelope: Envelope): Promise<void>;
  /** Resolves once the handler is receiving: a stream subscribes before it reads its backlog. */
  subscribe(handler: (envelope: Envelope) => void): Promise<() => void>;
  close(): Promise<void>;
  /**
   * False while events may be missed (Redis unreachable). Streams are refused meanwhile, and those
   * open when it turns false are closed: their clients reconnect and resume from the database.
   */
  isLive(): boolean;
  /** Calls `listener` each time the bus stops being live. */
  onLost(listener: () => void): void;
  /** Resolves when the bus is live and its transport answers (readiness). */
  check(): Promise<void>;
  /**
   * Resolves once every envelope published before the call, by any node, has reached this bus's
   * handlers (or the bus is no longer live, when the streams it fed are closed anyway). A stream
   * waits for it before `ready`: a change committed while the stream was syncing must still find
   * it syncing (hub.ts, `exceptDevice`), however long another node's publish took to get here.
   */
  settle(): Promise<void>;
}

export class InProcessBus implements EventBus {
  private readonly handlers = new Set<(envelope: Envelope) => void>();

  isLive(): boolean {
    return true;
  }

  onLost(): void {}

  async check(): Promise<void> {}

  /** Handlers run inside `publish`: whatever was published has been handled. */
  async settle(): Promise<void> {}

  async publish(envelope: Envelope): Promise<void> {
    for (const handler of this.handlers) handler(envelope);
  }

  async subscribe(handler: (envelope: Envelope) => void): Promise<() => void> {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
