/**
 * A small server-side client for Janus's HTTP API (https://janus.conf.meetecho.com/docs/rest.html)
 * and its VideoRoom plugin: Parley talks to Janus on loopback; browsers never reach Janus directly.
 * One `JanusSession` per Parley node; each handle is one publisher or subscriber.
 */
import { randomUUID } from 'node:crypto';

export class JanusError extends Error {
  constructor(
    message: string,
    readonly code?: number,
    /** The session the refused request was posted to (a handle's may be another node's). */
    readonly session?: number,
  ) {
    super(message);
    this.name = 'JanusError';
  }
}

type Json = Record<string, unknown>;

export interface JanusEvent {
  /** 'event', 'webrtcup', 'media', 'hangup', 'slowlink', 'detached', 'trickle', … */
  janus: string;
  sender?: number;
  transaction?: string;
  plugindata?: { plugin: string; data: Json };
  jsep?: { type: string; sdp: string };
  [key: string]: unknown;
}

export interface PluginReply {
  data: Json;
  jsep?: { type: string; sdp: string };
}

const VIDEOROOM = 'janus.plugin.videoroom';
const REQUEST_TIMEOUT_MS = 10_000;
/** Janus 458: no such session (it timed out, was destroyed, or Janus restarted). */
export const NO_SUCH_SESSION = 458;

async function post(url: string, body: Json, session?: number): Promise<JanusEvent> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new JanusError(`janus HTTP ${response.status}`, undefined, session);
  const reply = (await response.json()) as JanusEvent;
  if (reply.janus === 'error') {
    const error = reply.error as { code?: number; reason?: string } | undefined;
    throw new JanusError(error?.reason ?? 'janus error', error?.code, session);
  }
  return reply;
}

/**
 * A request to a handle of any session, whichever node made it: Janus's HTTP API is keyed by the
 * session and handle ids alone. Returns Janus's immediate reply (`ack` for asynchronous plugin
 * requests, whose result goes to the owning session's long poll; `success` otherwise).
 */
export function postToHandle(
  baseUrl: string,
  session: number,
  handle: number,
  body: Json,
): Promise<JanusEvent> {
  return post(
    `${baseUrl.replace(/\/+$/, '')}/${session}/${handle}`,
    { ...body, transaction: randomUUID() },
    session,
  );
}

function pluginError(data: Json): JanusError | undefined {
  if (typeof data.error === 'string') {
    return new JanusError(data.error, typeof data.error_code === 'number' ? data.error_code : undefined);
  }
  return undefined;
}

export class JanusSession {
  private readonly waiting = new Map<
    string,
    { resolve: (event: JanusEvent) => void; reject: (error: JanusError) => void }
  >();
  private readonly listeners = new Set<(event: JanusEvent) => void>();
  private readonly lostListeners = new Set<() => void>();
  private polling = false;
  private closed = false;
  private keepalive?: NodeJS.Timeout;

  private constructor(
    readonly baseUrl: string,
    readonly id: number,
  ) {}

  /** `baseUrl` like `http://127.0.0.1:8088/janus`. */
  static async connect(baseUrl: string): Promise<JanusSession> {
    const url = baseUrl.replace(/\/+$/, '');
    const reply = await post(url, { janus: 'create', transaction: randomUUID() });
    const id = (reply.data as { id?: number } | undefined)?.id;
    if (typeof id !== 'number') throw new JanusError('janus: no session id');
    const session = new JanusSession(url, id);
    session.keepalive = setInterval(() => {
      post(`${url}/${id}`, { janus: 'keepalive', transaction: randomUUID() }, id).catch((error: unknown) => {
        if (error instanceof JanusError && error.code === NO_SUCH_SESSION) session.lost();
      });
    }, 25_000);
    session.keepalive.unref();
    session.poll();
    return session;
  }

  /** Every asynchronous event of this session (plugin events, webrtcup, hangup, …). */
  onEvent(listener: (event: JanusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called once when Janus no longer knows this session (its long poll is refused, or a keepalive
   * or request gets a 458): every handle in it is gone, with its media.
   */
  onLost(listener: () => void): void {
    this.lostListeners.add(listener);
  }

  /** Janus no longer knows this session: stops using it and tells the `onLost` listeners (once). */
  lost(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepalive);
    // Their answers will never come: fail them now as what they are, not after the timeout.
    for (const { reject } of this.waiting.values())
      reject(new JanusError('janus: session lost', NO_SUCH_SESSION, this.id));
    this.waiting.clear();
    for (const listener of this.lostListeners) listener();
  }

  async attachVideoRoom(): Promise<number> {
    const reply = await post(
      `${this.baseUrl}/${this.id}`,
      { janus: 'attach', plugin: VIDEOROOM, transaction: randomUUID() },
      this.id,
    );
    const id = (reply.data as { id?: number } | undefined)?.id;
    if (typeof id !== 'number') throw new JanusError('janus: no handle id');
    return id;
  }

  async detach(handle: number): Promise<void> {
    await post(
      `${this.baseUrl}/${this.id}/${handle}`,
      { janus: 'detach', transaction: randomUUID() },
      this.id,
    );
  }

  /**
   * A VideoRoom request. Synchronous requests (create, destroy, exists, listparticipants) answer
   * at once; asynchronous ones (join, configure, start, …) answer with an ack and their result
   * arrives as an event with the same transaction, which this waits for.
   */
  async request(handle: number, body: Json, jsep?: { type: string; sdp: string }): Promise<PluginReply> {
    const transaction = randomUUID();
    const pending = new Promise<JanusEvent>((resolve, reject) => {
      this.waiting.set(transaction, { resolve, reject });
      setTimeout(() => {
        if (this.waiting.delete(transaction)) reject(new JanusError('janus: no answer'));
      }, REQUEST_TIMEOUT_MS).unref();
    });
    pending.catch(() => {});
    let reply: JanusEvent;
    try {
      reply = await post(
        `${this.baseUrl}/${this.id}/${handle}`,
        { janus: 'message', transaction, body, ...(jsep ? { jsep } : {}) },
        this.id,
      );
    } catch (error) {
      this.waiting.delete(transaction);
      throw error;
    }
    if (reply.janus === 'ack') reply = await pending;
    else this.waiting.delete(transaction);
    const data = reply.plugindata?.data ?? {};
    const error = pluginError(data);
    if (error) throw error;
    return { data, ...(reply.jsep ? { jsep: reply.jsep } : {}) };
  }

  async trickle(handle: number, candidate: Json | null): Promise<void> {
    await post(
      `${this.baseUrl}/${this.id}/${handle}`,
      { janus: 'trickle', transaction: randomUUID(), candidate: candidate ?? { completed: true } },
      this.id,
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepalive);
    await post(`${this.baseUrl}/${this.id}`, { janus: 'destroy', transaction: randomUUID() }).catch(() => {});
  }

  private poll(): void {
    if (this.polling) return;
    this.polling = true;
    void (async () => {
      while (!this.closed) {
        try {
          const response = await fetch(`${this.baseUrl}/${this.id}?maxev=10&rid=${Date.now()}`, {
            signal: AbortSignal.timeout(60_000),
          });
          // Janus answers a long poll on a session it does not know with an empty 404 (the other
          // requests get a 458): it timed out, was destroyed, or Janus restarted.
          if (response.status === 404) {
            this.lost();
            break;
          }
          if (!response.ok) throw new JanusError(`janus HTTP ${response.status}`);
          const body = (await response.json()) as JanusEvent | JanusEvent[];
          for (const event of Array.isArray(body) ? body : [body]) {
            const error = event.error as { code?: number } | undefined;
            // `timeout`: Janus expired the session (nothing from this node for its session_timeout).
            if (event.janus === 'timeout' || (event.janus === 'error' && error?.code === NO_SUCH_SESSION)) {
              this.lost();
            } else this.dispatch(event);
          }
        } catch {
          if (this.closed) break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      this.polling = false;
    })();
  }

  private dispatch(event: JanusEvent): void {
    if (event.janus === 'keepalive') return;
    const waiter = event.transaction ? this.waiting.get(event.transaction) : undefined;
    if (waiter && event.transaction) {
      this.waiting.delete(event.transaction);
      waiter.resolve(event);
      return;
    }
    for (const listener of this.listeners) listener(event);
  }
}

/** VideoRoom helpers Parley uses: one Janus room per Parley voice room. */
export class VideoRoomClient {
  private constructor(
    readonly session: JanusSession,
    private readonly admin: number,
  ) {}

  static async connect(baseUrl: string): Promise<VideoRoomClient> {
    const session = await JanusSession.connect(baseUrl);
    return new VideoRoomClient(session, await session.attachVideoRoom());
  }

  async ensureRoom(room: string, publishers: number): Promise<void> {
    const exists = await this.session.request(this.admin, { request: 'exists', room });
    if (exists.data.exists === true) return;
    try {
      await this.session.request(this.admin, {
        request: 'create',
        room,
        publishers,
        is_private: true,
        audiocodec: 'opus',
        videocodec: 'vp8',
      });
    } catch (error) {
      // 427: created meanwhile (by another node).
      if (!(error instanceof JanusError && error.code === 427)) throw error;
    }
  }

  async destroyRoom(room: string): Promise<void> {
    try {
      await this.session.request(this.admin, { request: 'destroy', room });
    } catch (error) {
      // 426: no such room.
      if (!(error instanceof JanusError && error.code === 426)) throw error;
    }
  }

  async participants(room: string): Promise<{ id: string; display?: string; publisher: boolean }[]> {
    const reply = await this.session.request(this.admin, { request: 'listparticipants', room });
    return (reply.data.participants as { id: string; display?: string; publisher: boolean }[]) ?? [];
  }

  /** Joins `room` as a publisher with the offer (on `attached`, or a new handle); returns Janus's answer. */
  async publish(
    room: string,
    id: string,
    display: string,
    offer: { type: string; sdp: string },
    attached?: number,
  ): Promise<{ handle: number; answer?: { type: string; sdp: string } }> {
    const handle = attached ?? (await this.session.attachVideoRoom());
    await this.session.request(handle, { request: 'join', ptype: 'publisher', room, id, display });
    const reply = await this.session.request(handle, { request: 'publish' }, offer);
    return { handle, ...(reply.jsep ? { answer: reply.jsep } : {}) };
  }

  /** Subscribes to `feeds`; returns Janus's offer (the browser answers with `start`). */
  async subscribe(
    room: string,
    feeds: string[],
    attached?: number,
  ): Promise<{ handle: number; offer?: { type: string; sdp: string } }> {
    const handle = attached ?? (await this.session.attachVideoRoom());
    const reply = await this.session.request(handle, {
      request: 'join',
      ptype: 'subscriber',
      room,
      streams: feeds.map((feed) => ({ feed })),
    });
    return { handle, ...(reply.jsep ? { offer: reply.jsep } : {}) };
  }

  async start(handle: number, answer: { type: string; sdp: string }): Promise<void> {
    await this.session.request(handle, { request: 'start' }, answer);
  }

  async leave(handle: number): Promise<void> {
    await this.session.detach(handle).catch(() => {});
  }

  close(): Promise<void> {
    return this.session.close();
  }
}
