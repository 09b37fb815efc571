/// <reference lib="webworker" />
/**
 * The service worker, served at the fixed path `/sw.js` (built by `vite-plugin-service-worker.ts`).
 * It keeps the app shell (index.html, the build's scripts and styles, the manifest and icons) so the
 * client opens without a network, and never touches the API: messages, the event stream and uploads
 * always go to the server. A new build changes the shell list, hence this file, hence the browser
 * installs a new worker; it waits until the page's update toast says Update (SPEC §4 "Updates").
 */
import {
  cacheFirst,
  cacheLocales,
  isCacheRequest,
  isShellPath,
  networkFirst,
  SHELL_CACHE,
  shellUrls,
} from './shell';
import { installPushHandlers, type PushScope } from './push';

declare const self: ServiceWorkerGlobalScope;

// Notifications: showing pushed messages, updating them on edits, opening the chat on a click.
installPushHandlers(self as unknown as PushScope);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(shellUrls(self.registration.scope))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('parley-') && name !== SHELL_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (data === 'skip-waiting') void self.skipWaiting();
  // The page names the translations of its language, so the next start works offline in it.
  else if (isCacheRequest(data)) event.waitUntil(cacheLocales(data.urls, self.registration.scope));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, new URL('index.html', scope).href));
  } else if (path.startsWith('locales/')) {
    event.respondWith(networkFirst(request, request.url));
  } else if (isShellPath(path)) {
    event.respondWith(cacheFirst(request));
  }
  // Anything else (the API, the event stream, files, avatars, health) goes to the network untouched.
});
