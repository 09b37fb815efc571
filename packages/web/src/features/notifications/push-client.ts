/**
 * Web Push in the browser (issue 16): the service worker (`/sw.js`), the permission, and this
 * device's subscription on the server. The subscription is renewed after 7 days (SPEC §4) when
 * the app starts, and the permission is asked only from the settings screen or after the user's
 * first message (`offerPush`), never on first load.
 */
import { getVapidKey, subscribePush, unsubscribePush } from '../../lib/api';

const RENEWED_AT = 'parley.push.renewedAt';
/** The endpoint last stored on the server: a different one (the push service replaced it) is stored again. */
const STORED_ENDPOINT = 'parley.push.endpoint';
const OFFERED = 'parley.push.offered';
const RENEW_AFTER_MS = 7 * 24 * 3600 * 1000;

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register('./sw.js').then(() => navigator.serviceWorker.ready);
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const existing = await navigator.serviceWorker.getRegistration('./');
  return (await existing?.pushManager.getSubscription()) ? 'on' : 'off';
}

const toBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

async function subscribe(reg: ServiceWorkerRegistration): Promise<void> {
  const { public_key } = await getVapidKey();
  const sub = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: toBytes(public_key),
  });
  await store(sub);
  localStorage.setItem(RENEWED_AT, String(Date.now()));
}

async function store(sub: PushSubscription): Promise<void> {
  const json = sub.toJSON();
  await subscribePush({
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
  localStorage.setItem(STORED_ENDPOINT, sub.endpoint);
}

/**
 * Stores this device's subscription on the server when it is not the one stored last: after the
 * service worker reports `pushsubscriptionchange`, and at start (the change may have happened
 * while no tab was open).
 */
export async function syncPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const reg = await navigator.serviceWorker.getRegistration('./');
  const sub = await reg?.pushManager.getSubscription();
  if (sub && sub.endpoint !== localStorage.getItem(STORED_ENDPOINT)) await store(sub);
}

/** Asks for the permission (if needed) and subscribes this device; returns the resulting state. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  await subscribe(await registration());
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const reg = pushSupported() ? await navigator.serviceWorker.getRegistration('./') : undefined;
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
  await unsubscribePush().catch(() => undefined);
  localStorage.removeItem(RENEWED_AT);
  localStorage.removeItem(STORED_ENDPOINT);
  return pushState();
}

/** At start: a subscription older than 7 days is replaced by a fresh one. */
export async function renewPushIfDue(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const reg = await navigator.serviceWorker.getRegistration('./');
  const sub = await reg?.pushManager.getSubscription();
  if (!reg || !sub) return;
  const renewed = Number(localStorage.getItem(RENEWED_AT) ?? 0);
  if (Date.now() - renewed < RENEW_AFTER_MS) return syncPushSubscription();
  await sub.unsubscribe();
  await subscribe(reg);
}

/** Whether to offer notifications now: supported, never decided, never offered before. */
export function shouldOfferPush(): boolean {
  if (!pushSupported() || Notification.permission !== 'default') return false;
  return localStorage.getItem(OFFERED) === null;
}

export function markPushOffered(): void {
  localStorage.setItem(OFFERED, String(Date.now()));
}
