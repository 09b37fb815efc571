/**
 * The service worker's Web Push handlers (issue 16): a push shows the sender, the conversation
 * and a short text, one notification per conversation (its `tag`, so a new message replaces the
 * last one of the same chat), and a click opens that chat in an open tab, or in a new one.
 *
 * An edit updates a notification of that message still shown, quietly; a delete closes it.
 *
 * When the push service replaces the subscription (`pushsubscriptionchange`), the worker subscribes
 * again with the same key if the browser did not, and tells the open tabs, which store the new
 * subscription on the server (the worker never calls the API; a tab opened later does it at start).
 *
 * The payload is the server's `PushPayload`. Types are declared here rather than through the
 * WebWorker lib, which cannot share a program with the DOM lib of the rest of the client.
 */

interface PushPayloadLike {
  kind?: 'message' | 'edit' | 'withdraw';
  mid: number;
  from_uid: number;
  from_name: string;
  target: { uid: number } | { gid: number };
  group_name: string | null;
  text: string;
}

interface NotificationLike {
  data: unknown;
  close(): void;
}

interface WindowClientLike {
  url: string;
  postMessage(message: unknown): void;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown } | null;
}

interface SubscriptionLike {
  options: { applicationServerKey: ArrayBuffer | null };
}

interface SubscriptionChangeEventLike extends ExtendableEventLike {
  oldSubscription: SubscriptionLike | null;
  newSubscription: SubscriptionLike | null;
}

/** What the tabs receive when the subscription changed: they store the new one on the server. */
export const SUBSCRIPTION_CHANGED = 'push-subscription-changed';

interface NotificationEventLike extends ExtendableEventLike {
  notification: NotificationLike;
}

/** What the handlers need of `self` in a service worker. */
export interface PushScope {
  registration: {
    scope: string;
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
    getNotifications(filter: { tag: string }): Promise<readonly NotificationLike[]>;
    pushManager: {
      subscribe(options: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer }): Promise<unknown>;
    };
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: string, listener: (event: Event) => void): void;
}

/** The hash route of the conversation a notification is about. */
export function chatRoute(target: PushPayloadLike['target']): string {
  return 'gid' in target ? `#/chat/channel/${target.gid}` : `#/chat/dm/${target.uid}`;
}

/** Title, body and tag of the notification for one payload. */
export function notificationFor(payload: PushPayloadLike): { title: string; body: string; tag: string } {
  const inChannel = 'gid' in payload.target;
  const title = inChannel ? `#${payload.group_name ?? ''}` : payload.from_name;
  const text = payload.text || '…';
  const body = inChannel ? `${payload.from_name}: ${text}` : text;
  const tag = inChannel
    ? `parley-g${(payload.target as { gid: number }).gid}`
    : `parley-u${payload.from_uid}`;
  return { title, body, tag };
}

function isPayload(value: unknown): value is PushPayloadLike {
  const v = value as PushPayloadLike | null;
  return !!v && typeof v.from_name === 'string' && typeof v.text === 'string' && typeof v.target === 'object';
}

/** Shows a new message; updates or closes a notification still shown for an edit or a delete. */
async function show(scope: PushScope, payload: PushPayloadLike): Promise<void> {
  const { title, body, tag } = notificationFor(payload);
  const kind = payload.kind ?? 'message';
  if (kind !== 'message') {
    const shown = await scope.registration.getNotifications({ tag });
    const same = shown.filter((n) => (n.data as { mid?: number } | null)?.mid === payload.mid);
    if (same.length === 0) return;
    if (kind === 'withdraw') return same.forEach((n) => n.close());
  }
  const url = new URL(chatRoute(payload.target), scope.registration.scope).toString();
  await scope.registration.showNotification(title, {
    body,
    tag,
    renotify: kind === 'message',
    silent: kind !== 'message',
    icon: new URL('api/resource/organization/logo', scope.registration.scope).toString(),
    data: { url, mid: payload.mid },
  });
}

export function installPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const e = event as PushEventLike;
    let payload: unknown;
    try {
      payload = e.data?.json();
    } catch {
      return;
    }
    if (!isPayload(payload)) return;
    e.waitUntil(show(scope, payload));
  });

  scope.addEventListener('pushsubscriptionchange', (event) => {
    const e = event as SubscriptionChangeEventLike;
    e.waitUntil(
      (async () => {
        const key = e.oldSubscription?.options.applicationServerKey;
        if (!e.newSubscription && key) {
          await scope.registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: key,
          });
        }
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        for (const w of windows) w.postMessage({ type: SUBSCRIPTION_CHANGED });
      })(),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    const e = event as NotificationEventLike;
    e.notification.close();
    const url = (e.notification.data as { url?: string } | null)?.url ?? scope.registration.scope;
    e.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w) => w.url.startsWith(scope.registration.scope));
        if (!open) return scope.clients.openWindow(url);
        await open.navigate(url).catch(() => undefined);
        return open.focus();
      })(),
    );
  });
}
