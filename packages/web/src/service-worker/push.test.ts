import { describe, expect, it } from 'vitest';
import { installPushHandlers, notificationFor, SUBSCRIPTION_CHANGED, type PushScope } from './push';

/** A stand-in for the service worker's global scope that records what the handlers do. */
function fakeScope(windows: { url: string }[] = []) {
  const listeners = new Map<string, (event: Event) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const closed: number[] = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const focused: string[] = [];
  const messaged: unknown[] = [];
  const subscribed: unknown[] = [];
  const waits: Promise<unknown>[] = [];
  const scope: PushScope = {
    registration: {
      scope: 'https://chat.example.com/',
      showNotification: async (title, options) => void shown.push({ title, options }),
      getNotifications: async ({ tag }) =>
        shown
          .filter((n) => n.options.tag === tag)
          .map((n) => {
            const data = n.options.data as { mid: number };
            return { data, close: () => void closed.push(data.mid) };
          }),
      pushManager: { subscribe: async (options) => void subscribed.push(options) },
    },
    clients: {
      matchAll: async () =>
        windows.map((w) => ({
          url: w.url,
          focus: async () => void focused.push(w.url),
          navigate: async (url: string) => void navigated.push(url),
          postMessage: (message: unknown) => void messaged.push(message),
        })),
      openWindow: async (url) => void opened.push(url),
    },
    addEventListener: (type, listener) => void listeners.set(type, listener),
  };
  installPushHandlers(scope);
  const fire = async (type: string, fields: object) => {
    const event = Object.assign(
      new Event(type),
      { waitUntil: (p: Promise<unknown>) => waits.push(p) },
      fields,
    );
    listeners.get(type)!(event);
    await Promise.all(waits);
  };
  return { shown, closed, opened, navigated, focused, messaged, subscribed, fire };
}

const dm = {
  mid: 7,
  from_uid: 2,
  from_name: 'alice',
  target: { uid: 2 },
  group_name: null,
  text: 'hi',
  created_at: 1,
};
const channel = { ...dm, mid: 8, target: { gid: 5 }, group_name: 'general', text: '' };

describe('service worker push handlers', () => {
  it('shows sender, conversation and text, one tag per conversation', async () => {
    const sw = fakeScope();
    await sw.fire('push', { data: { json: () => dm } });
    await sw.fire('push', { data: { json: () => channel } });
    expect(sw.shown[0]).toMatchObject({ title: 'alice', options: { body: 'hi', tag: 'parley-u2' } });
    expect(sw.shown[0]!.options.data).toMatchObject({ url: 'https://chat.example.com/#/chat/dm/2' });
    expect(sw.shown[1]).toMatchObject({ title: '#general', options: { body: 'alice: …', tag: 'parley-g5' } });
    expect(notificationFor({ ...channel, target: { gid: 9 } }).tag).toBe('parley-g9');
  });

  it('an edit updates a notification still shown, quietly; a delete closes it', async () => {
    const sw = fakeScope();
    await sw.fire('push', { data: { json: () => ({ ...dm, kind: 'edit', mid: 1 }) } });
    expect(sw.shown).toEqual([]);
    await sw.fire('push', { data: { json: () => dm } });
    await sw.fire('push', { data: { json: () => ({ ...dm, kind: 'edit', text: 'hi there' }) } });
    expect(sw.shown[1]).toMatchObject({ options: { body: 'hi there', tag: 'parley-u2', silent: true } });
    await sw.fire('push', { data: { json: () => ({ ...dm, kind: 'withdraw', text: '' }) } });
    expect(sw.closed).toContain(7);
  });

  it('ignores a push that is not a Parley payload', async () => {
    const sw = fakeScope();
    await sw.fire('push', { data: { json: () => ({ nope: true }) } });
    await sw.fire('push', { data: null });
    await sw.fire('push', {
      data: {
        json: () => {
          throw new SyntaxError('bad');
        },
      },
    });
    expect(sw.shown).toEqual([]);
  });

  it('a click opens the chat in an open tab, or in a new one', async () => {
    const notification = { data: { url: 'https://chat.example.com/#/chat/channel/5' }, close: () => {} };
    const withTab = fakeScope([{ url: 'https://chat.example.com/#/chat' }]);
    await withTab.fire('notificationclick', { notification });
    expect(withTab.navigated).toEqual(['https://chat.example.com/#/chat/channel/5']);
    expect(withTab.focused).toHaveLength(1);
    const noTab = fakeScope([{ url: 'https://elsewhere.example.org/' }]);
    await noTab.fire('notificationclick', { notification });
    expect(noTab.opened).toEqual(['https://chat.example.com/#/chat/channel/5']);
  });

  it('a replaced subscription: subscribes again with the same key if needed, and tells the tabs', async () => {
    const key = new Uint8Array([4, 1, 2]).buffer;
    const page = fakeScope([{ url: 'https://chat.example.com/#/chat' }]);
    await page.fire('pushsubscriptionchange', {
      oldSubscription: { options: { applicationServerKey: key } },
      newSubscription: null,
    });
    expect(page.subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: key }]);
    expect(page.messaged).toEqual([{ type: SUBSCRIPTION_CHANGED }]);
    // The browser already made the new one: nothing to subscribe, the tabs still store it.
    const other = fakeScope([{ url: 'https://chat.example.com/#/chat' }]);
    await other.fire('pushsubscriptionchange', {
      oldSubscription: { options: { applicationServerKey: key } },
      newSubscription: { options: { applicationServerKey: key } },
    });
    expect(other.subscribed).toEqual([]);
    expect(other.messaged).toEqual([{ type: SUBSCRIPTION_CHANGED }]);
  });
});
