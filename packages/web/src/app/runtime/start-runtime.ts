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
}
