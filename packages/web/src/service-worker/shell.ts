/// <reference lib="webworker" />
/** Filled in by the build: a hash of the shell list and the list itself (paths relative to the scope). */
declare const __PARLEY_SW_VERSION__: string;
declare const __PARLEY_SW_SHELL__: readonly string[];

export const SHELL_CACHE = `parley-shell-${__PARLEY_SW_VERSION__}`;

export const shellUrls = (scope: string): string[] =>
  ['./', ...__PARLEY_SW_SHELL__].map((path) => new URL(path, scope).href);

/** Hashed build output, the manifest and the icons: the same bytes for as long as the name stays. */
export const isShellPath = (path: string): boolean =>
  path.startsWith('assets/') ||
  path.startsWith('icons/') ||
  path === 'manifest.webmanifest' ||
  path === 'index.html';

/** The cached copy, else the network (kept for next time when it answers 200). */
export async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/**
 * The network, so a page load and a translation are always the newest; offline (or on a 5xx), the
 * cached copy under `fallbackUrl`: the app shell for navigations, the last translation otherwise.
 */
export async function networkFirst(request: Request, fallbackUrl: string): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && request.mode !== 'navigate') {
      const copy = response.clone();
      void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
    }
    if (response.status < 500) return response;
  } catch {
    // Offline: the cache below answers.
  }
  const cached = (await caches.match(fallbackUrl)) ?? (await caches.match(new URL('./', fallbackUrl).href));
  return cached ?? Response.error();
}

export const isCacheRequest = (data: unknown): data is { type: 'cache-locales'; urls: string[] } =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === 'cache-locales' &&
  Array.isArray((data as { urls?: unknown }).urls);

/** Stores translation files under this worker's scope (anything else the page names is ignored). */
export async function cacheLocales(urls: readonly unknown[], scope: string): Promise<void> {
  const wanted = urls.filter(
    (url): url is string => typeof url === 'string' && url.startsWith(new URL('locales/', scope).href),
  );
  await (await caches.open(SHELL_CACHE)).addAll(wanted);
}
