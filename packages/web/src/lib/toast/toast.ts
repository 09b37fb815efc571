import { lazy } from 'react';
import type * as ToastLibrary from 'react-hot-toast';
import type hotToast from 'react-hot-toast';

type ToastModule = typeof ToastLibrary;
type HotToast = typeof hotToast;

let loaded: ToastModule | null = null;
let loading: Promise<ToastModule> | null = null;

/**
 * Loads the toast library. It is not needed to paint the first screen, so it stays out of the
 * first chat screen's JavaScript (issue 14) and arrives right after, when the Toaster mounts.
 */
export function loadToasts(): Promise<ToastModule> {
  loading ??= import('react-hot-toast').then((module) => (loaded = module));
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

/** The toast area; render it inside its own `Suspense` so nothing waits for it. */
export const Toaster = lazy(async () => ({ default: (await loadToasts()).Toaster }));
