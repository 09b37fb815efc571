import { setUnauthorizedListener } from '../../lib/api';
import { bootServer } from './boot-server';
import { goToLogin } from './navigation';
import { startNetworkStatus } from './network-status';
import { startPersistence } from './persist-state';
import { startSingleTab } from './single-tab';
import { createAppStream, startStreamRuntime } from './stream-runtime';

/** Everything that runs outside React for the lifetime of the page. */
export function startRuntime(): void {
  setUnauthorizedListener(() => goToLogin(true));
  startPersistence();
  const stream = createAppStream();
  startSingleTab(() => stream.stop());
  startNetworkStatus({ onOnline: () => stream.resume(), onOffline: () => stream.suspend() });
  startStreamRuntime(stream);
  bootServer();
  // Not needed for the first screen: the worker, its update toast and the install support load after it.
  if (import.meta.env.PROD) {
    const register = () => void import('../pwa').then((pwa) => pwa.registerServiceWorker());
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}
