import { lazy, useEffect, useState } from 'react';
import type * as ToastLibrary from 'react-hot-toast';
import type hotToast from 'react-hot-toast';

type ToastModule = typeof ToastLibrary;
type ToasterProps = Parameters<ToastModule['Toaster']>[0];
type HotToast = typeof hotToast;

let loaded: ToastModule | null = null;
let loading: Promise<ToastModule> | null = null;
/** Who waits for the library after its first load failed (see `LateToaster`). */
const waiting = new Set<(module: ToastModule) => void>();

/**
 * Loads the toast library. It is not needed to paint the first screen, so it stays out of the
 * first chat screen's JavaScript (issue 14) and arrives right after, when the Toaster mounts.
 */
export function loadToasts(): Promise<ToastModule> {
  loading ??= import('react-hot-toast').then(
    (module) => {
      loaded = module;
      for (const notify of waiting) notify(module);
      return module;
    },
    (err: unknown) => {
      // A failed chunk load (a dropped connection) is forgotten, so the next toast tries again.
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Runs at once when the library is there; otherwise after it loads, in the order the calls came. */
function run(show: (toast: HotToast) => void): void {
  if (loaded) show(loaded.default);
  else void loadToasts().then((module) => show(module.default));
}

/** The toasts the client shows (react-hot-toast's API, loaded on demand). */
export const toast = {
  error: (...args: Parameters<HotToast['error']>) => run((t) => t.error(...args)),
  success: (...args: Parameters<HotToast['success']>) => run((t) => t.success(...args)),
  loading: (...args: Parameters<HotToast['loading']>) => run((t) => t.loading(...args)),
  dismiss: (...args: Parameters<HotToast['dismiss']>) => run((t) => t.dismiss(...args)),
  custom: (...args: Parameters<HotToast['custom']>) => run((t) => t.custom(...args)),
};

/**
 * The toast area; render it inside its own `Suspense` so nothing waits for it. It sits outside the
 * router's error screen, so a chunk that fails to load must not throw: that would unmount the
 * whole app (a blank page). It then renders nothing and waits for a later toast's retry.
 */
export const Toaster = lazy(async () => {
  try {
    return { default: (await loadToasts()).Toaster };
  } catch {
    return { default: LateToaster };
  }
});

/** Mounts the real Toaster once a later toast has loaded the library. */
function LateToaster(props: ToasterProps) {
  const [module, setModule] = useState<ToastModule | null>(loaded);
  useEffect(() => {
    if (module) return;
    waiting.add(setModule);
    return () => void waiting.delete(setModule);
  }, [module]);
  return module ? <module.Toaster {...props} /> : null;
}
