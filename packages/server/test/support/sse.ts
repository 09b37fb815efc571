/**
 * A real event-stream client for tests: reads `GET /api/user/events` over HTTP and parses the
 * `data:` frames, so tests see exactly the bytes a browser's EventSource would. Every frame is
 * checked against the protocol's `ServerEvent`: the first one that does not match fails the test
 * with the field that is wrong (waiters reject, and `streamsClosedAfterEach` checks after each test).
 */
import http from 'node:http';
import { checkServerEvent, type ServerEvent } from '@parley/protocol';
import { afterEach } from 'vitest';

export interface TestStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ServerEvent[];
  /** The reconnect delay of the last SSE `retry:` field, if the server sent one. */
  readonly retryMs: number | undefined;
  /** Set by the first frame that is not a valid `ServerEvent`; later frames are ignored. */
  readonly invalid: Error | undefined;
  /** Resolves with the first event (from the start of the stream) matching `pred`, waiting up to `ms`. */
  waitFor<T extends ServerEvent>(pred: (e: ServerEvent) => e is T, ms?: number): Promise<T>;
  waitFor(pred: (e: ServerEvent) => boolean, ms?: number): Promise<ServerEvent>;
  /** Resolves once `ready` has arrived. */
  ready(ms?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openTestStream(
  baseUrl: string,
  token: string,
  query: Record<string, string | number> = {},
  headers: Record<string, string> = {},
  /** Called with every event as it arrives, before waiters. */
  onEvent?: (event: ServerEvent) => void,
): Promise<TestStream> {
  const params = new URLSearchParams({ 'api-key': token, limit: '500' });
  for (const [k, v] of Object.entries(query)) params.set(k, String(v));
  // node:http on a connection of its own, not fetch: aborting a fetch body leaves the socket open
  // for seconds, so the server would see a closed stream (presence, shutdown) only that much later.
  const req = http.get(`${baseUrl}/api/user/events?${params}`, { agent: false, headers });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  req.on('error', () => {}); // destroyed by close()
  const events: ServerEvent[] = [];
  let retryMs: number | undefined;
  let invalid: Error | undefined;
  const waiters: {
    pred: (e: ServerEvent) => boolean;
    resolve: (e: ServerEvent) => void;
    reject: (err: Error) => void;
  }[] = [];
  let endResolve: () => void = () => {};
  const ended = new Promise<void>((r) => (endResolve = r));
  res.once('close', () => endResolve());

  const reject = (err: Error) => {
    invalid = err;
    for (const w of waiters.splice(0)) w.reject(err);
  };

  const read = (data: string) => {
    if (invalid) return;
    try {
      push(checkServerEvent(JSON.parse(data)));
    } catch (err) {
      reject(new Error(`bad frame ${data.slice(0, 300)}: ${err instanceof Error ? err.message : err}`));
    }
  };

  const push = (event: ServerEvent) => {
    events.push(event);
    onEvent?.(event);
    for (const w of [...waiters]) {
      if (w.pred(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  };

  if (res.statusCode === 200) {
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let idx: number;
      while ((idx = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        for (const line of frame.split('\n')) {
          if (line.startsWith('data: ')) read(line.slice(6));
          if (line.startsWith('retry: ')) retryMs = Number(line.slice(7));
        }
      }
    });
  } else {
    res.resume();
  }

  const waitFor = (pred: (e: ServerEvent) => boolean, ms = 5000): Promise<ServerEvent> => {
    const found = events.find(pred);
    if (found) return Promise.resolve(found);
    if (invalid) return Promise.reject(invalid);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no matching event within ${ms} ms; got ${events.map((e) => e.type).join(',')}`)),
        ms,
      );
      waiters.push({
        pred,
        resolve: (e) => (clearTimeout(timer), resolve(e)),
        reject: (err) => (clearTimeout(timer), reject(err)),
      });
    });
  };

  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    events,
    get retryMs() {
      return retryMs;
    },
    get invalid() {
      return invalid;
    },
    waitFor: waitFor as TestStream['waitFor'],
    ready: async (ms?: number) => void (await waitFor((e) => e.type === 'ready', ms)),
    ended,
    close: () => void req.destroy(),
  };
}

export const chats = (events: ServerEvent[]) =>
  events.filter((e): e is Extract<ServerEvent, { type: 'chat' }> => e.type === 'chat');

/**
 * Streams for the tests of one file: each is closed after the test that opened it, so a test never
 * leaves a stream (and its presence) behind for the next one.
 */
export function streamsClosedAfterEach() {
  const opened: TestStream[] = [];
  afterEach(() => {
    const streams = opened.splice(0);
    for (const s of streams) s.close();
    const invalid = streams.find((s) => s.invalid)?.invalid;
    if (invalid) throw invalid;
  });
  const open = async (...args: Parameters<typeof openTestStream>) => {
    const s = await openTestStream(...args);
    opened.push(s);
    return s;
  };
  return {
    open,
    /** Opens a stream and waits for its `ready`. */
    async ready(...args: Parameters<typeof openTestStream>) {
      const s = await open(...args);
      await s.ready();
      return s;
    },
  };
}
