import { LIMITS, type KickReason } from '@parley/protocol';
import type { StreamEvent, StreamStatus } from '../store';
import { createBackoff, type BackoffOptions } from './backoff';
import { readEvent } from './read-event';

export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close: () => void;
}

export interface StreamCursor {
  afterMid: number;
  usersVersion: number;
}

export interface StreamDeps {
  createEventSource: (url: string) => EventSourceLike;
  getToken: () => string | null;
  getCursor: () => StreamCursor;
  ensureFreshToken: () => Promise<void>;
  isOnline: () => boolean;
  onStatus: (status: StreamStatus) => void;
  onEvents: (events: StreamEvent[]) => void;
  onKick: (reason: KickReason) => void;
  /** A reconnect was scheduled (show "Reconnecting..."). */
  onReconnecting: () => void;
  /** The initial sync finished. */
  onReady: () => void;
  /** A connection failed before it opened; lets the app check whether the token is still accepted. */
  onConnectFailed?: () => Promise<void>;
  /** The jitter source of the reconnect back-off (`Math.random` unless a test fixes it). */
  random?: () => number;
}

export interface StreamOptions {
  /** Failed connections are retried after a jittered, doubling delay, reset by each `ready`. */
  reconnect: BackoffOptions;
  keepAliveMs: number;
  limit: number;
  /** Events are handed over in batches so a backlog of hundreds renders once, not hundreds of times. */
  batchMs: number;
}

export const DEFAULT_STREAM_OPTIONS: StreamOptions = {
  reconnect: { initialMs: 1000, maxMs: 30_000 },
  keepAliveMs: 20_000,
  limit: LIMITS.streamBacklogLimit,
  batchMs: 16,
};

export interface StreamClient {
  start: () => void;
  stop: () => void;
  /** Reconnects now if the stream should be running but is not open (network back, tab visible). */
  resume: () => void;
  /** Closes the connection without reconnecting (network lost); `resume` reopens it. */
  suspend: () => void;
  isRunning: () => boolean;
}

export function buildStreamUrl(token: string, cursor: StreamCursor, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit), 'api-key': token });
  if (cursor.afterMid > 0) params.set('after_mid', String(cursor.afterMid));
  if (cursor.usersVersion > 0) params.set('users_version', String(cursor.usersVersion));
  return `/api/user/events?${params.toString()}`;
}

export function createStreamClient(
  deps: StreamDeps,
  options: StreamOptions = DEFAULT_STREAM_OPTIONS,
): StreamClient {
  let running = false;
  let source: EventSourceLike | null = null;
  let everOpened = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let keepAliveTimer: ReturnType<typeof setTimeout> | null = null;
  let batchTimer: ReturnType<typeof setTimeout> | null = null;
  let queue: StreamEvent[] = [];
  const backoff = createBackoff(options.reconnect, deps.random);

  const clearTimer = (timer: ReturnType<typeof setTimeout> | null) => {
    if (timer) clearTimeout(timer);
    return null;
  };

  function flush() {
    batchTimer = clearTimer(batchTimer);
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    deps.onEvents(batch);
  }

  function enqueue(event: StreamEvent) {
    queue.push(event);
    batchTimer ??= setTimeout(flush, options.batchMs);
  }

  function closeSource() {
    keepAliveTimer = clearTimer(keepAliveTimer);
    if (!source) return;
    source.onopen = null;
    source.onmessage = null;
    source.onerror = null;
    source.close();
    source = null;
    flush();
  }

  function armKeepAlive() {
    clearTimer(keepAliveTimer);
    keepAliveTimer = setTimeout(() => {
      closeSource();
      scheduleReconnect(0, true);
    }, options.keepAliveMs);
  }

  function scheduleReconnect(delay: number, opened: boolean) {
    if (!running || reconnectTimer) return;
    deps.onStatus('reconnecting');
    deps.onReconnecting();
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void reconnect(opened);
    }, delay);
  }

  async function reconnect(opened: boolean) {
    try {
      await deps.ensureFreshToken();
      if (!opened && deps.onConnectFailed) await deps.onConnectFailed();
    } catch {
      // A rejected token clears the login, which ends streaming; anything else (server down) is retried.
      if (!deps.getToken()) return stop();
      if (!deps.isOnline()) return suspend();
      return scheduleReconnect(backoff.next(), opened);
    }
    if (running && !source) connect();
  }

  function handleMessage(raw: string) {
    const event = readEvent(raw);
    if (!event) return;
    switch (event.type) {
      case 'heartbeat':
        armKeepAlive();
        return;
      case 'ready':
        backoff.reset();
        enqueue(event);
        flush();
        armKeepAlive();
        deps.onReady();
        return;
      case 'kick':
        flush();
        stop();
        deps.onKick(event.reason);
        return;
      default:
        enqueue(event);
    }
  }

  function connect() {
    const token = deps.getToken();
    if (!token) return stop();
    if (!deps.isOnline()) {
      deps.onStatus('disconnected');
      return;
    }
    deps.onStatus(everOpened ? 'reconnecting' : 'connecting');
    let opened = false;
    const current = deps.createEventSource(buildStreamUrl(token, deps.getCursor(), options.limit));
    source = current;
    current.onopen = () => {
      opened = true;
      everOpened = true;
      deps.onStatus('connected');
      armKeepAlive();
    };
    current.onmessage = (message) => handleMessage(message.data);
    current.onerror = () => {
      closeSource();
      deps.onStatus('disconnected');
      if (deps.isOnline()) scheduleReconnect(backoff.next(), opened);
    };
  }

  function start() {
    if (running) return;
    running = true;
    everOpened = false;
    backoff.reset();
    connect();
  }

  function stop() {
    running = false;
    reconnectTimer = clearTimer(reconnectTimer);
    closeSource();
    deps.onStatus('idle');
  }

  function suspend() {
    reconnectTimer = clearTimer(reconnectTimer);
    closeSource();
    deps.onStatus('disconnected');
  }

  function resume() {
    if (!running || source || reconnectTimer) return;
    scheduleReconnect(0, true);
  }

  return { start, stop, resume, suspend, isRunning: () => running };
}
