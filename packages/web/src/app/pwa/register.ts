import { onPushSubscriptionChanged } from '../../features/notifications';
import { currentLanguage, i18n, NAMESPACES } from '../../lib/i18n';
import { showMobileAppToast, showUpdateToast, UPDATE_FLAG } from './update-toast';

/** SPEC §2: the worker lives at a fixed path, next to index.html. */
const WORKER_PATH = 'sw.js';
const CHECK_EVERY_MS = 60 * 60 * 1000;

const isLocalhost = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/**
 * Registers the service worker (SPEC §2 and §4 "Updates"). On localhost the script is checked first:
 * when it is missing (a dev server, another app on the port), a worker left from an earlier run is
 * unregistered and the page reloads, so a stale app shell never hides the app being worked on.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  if (readFlag()) showMobileAppToast(clearFlag);
  const url = new URL(WORKER_PATH, document.baseURI).href;
  if (isLocalhost(location.hostname) && !(await workerScriptExists(url))) {
    const stale = await navigator.serviceWorker.getRegistration();
    if (stale) {
      await stale.unregister();
      location.reload();
    }
    return;
  }
  const registration = await navigator.serviceWorker.register(url, { scope: './' });
  watchForUpdates(registration);
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    // `SUBSCRIPTION_CHANGED` of service-worker/push.ts (a separate program, so not imported).
    if (event.data?.type === 'push-subscription-changed') {
      void onPushSubscriptionChanged().catch(() => undefined);
    }
  });
  void cacheTranslations();
  i18n.on('languageChanged', () => void cacheTranslations());
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Asks the worker to keep this language's translations, which the shell needs to start offline. */
async function cacheTranslations(): Promise<void> {
  const worker = (await navigator.serviceWorker.ready).active;
  const language = currentLanguage();
  const urls = NAMESPACES.map((ns) => new URL(`locales/${language}/${ns}.json`, document.baseURI).href);
  worker?.postMessage({ type: 'cache-locales', urls });
}

async function workerScriptExists(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { headers: { 'Service-Worker': 'script' }, cache: 'no-store' });
    return response.ok && (response.headers.get('content-type') ?? '').includes('javascript');
  } catch {
    // Offline: keep whatever worker there is; it is what makes the app open offline.
    return true;
  }
}

/** A new worker that installed while an older one controls the page is a new version of the app. */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const offer = () => {
    writeFlag();
    showUpdateToast(async () => {
      await registration.unregister();
      location.reload();
    });
  };
  if (registration.waiting && navigator.serviceWorker.controller) offer();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer();
    });
  });
}

function readFlag(): boolean {
  try {
    return localStorage.getItem(UPDATE_FLAG) !== null;
  } catch {
    return false;
  }
}

function writeFlag(): void {
  try {
    localStorage.setItem(UPDATE_FLAG, String(Date.now()));
  } catch {
    /* storage unavailable */
  }
}

function clearFlag(): void {
  try {
    localStorage.removeItem(UPDATE_FLAG);
  } catch {
    /* storage unavailable */
  }
}
