/**
 * The widget's event stream: the conversation's new messages as they come (API.md §9). It resumes
 * after the newest message it holds, so a reconnect misses nothing and repeats nothing, and it
 * reconnects 2 s after an error (SPEC §4) with a token renewed if need be.
 */
import { LIMITS, type ChatMessage } from '@parley/protocol';

const RECONNECT_MS = 2_000;

export interface WidgetStream {
  close(): void;
}

export function openStream(options: {
  token: () => Promise<string | null>;
  afterMid: () => number;
  onMessage: (message: ChatMessage) => void;
  /** The stream broke (the session may have ended: guest mode off, account removed). */
  onDrop?: () => void;
}): WidgetStream {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const connect = async () => {
    const token = await options.token().catch(() => null);
    if (closed || !token) return;
    const params = new URLSearchParams({ 'api-key': token, limit: String(LIMITS.streamBacklogLimit) });
    const after = options.afterMid();
    if (after > 0) params.set('after_mid', String(after));
    source = new EventSource(`/api/user/events?${params}`);
    source.onmessage = (frame: MessageEvent<string>) => {
      let event: unknown;
      try {
        event = JSON.parse(frame.data);
      } catch {
        return;
      }
      if (isChat(event)) options.onMessage(event);
    };
    source.onerror = () => {
      source?.close();
      source = null;
      options.onDrop?.();
      if (!closed) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
  };
  void connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      source?.close();
    },
  };
}

function isChat(event: unknown): event is ChatMessage & { type: 'chat' } {
  return (
    typeof event === 'object' &&
    event !== null &&
    (event as { type?: unknown }).type === 'chat' &&
    typeof (event as { mid?: unknown }).mid === 'number'
  );
}
