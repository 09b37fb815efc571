import { toast } from '../../lib/toast';
import { i18n } from '../../lib/i18n';
import { dispatch } from '../../lib/store';

const OFFLINE_TOAST = 'network-offline';

/** Tracks `navigator.onLine`; while offline a permanent error toast stays up (SPEC §4 "Event stream"). */
export function startNetworkStatus(handlers: { onOnline: () => void; onOffline: () => void }): () => void {
  // At start the translations may still be loading (and offline, come from the service worker's cache).
  const showOffline = () =>
    void i18n.loadNamespaces('common').then(() => {
      if (!navigator.onLine)
        toast.error(i18n.t('common:network.offline'), { id: OFFLINE_TOAST, duration: Infinity });
    });
  const online = () => {
    dispatch({ type: 'network/online', online: true });
    toast.dismiss(OFFLINE_TOAST);
    handlers.onOnline();
  };
  const offline = () => {
    dispatch({ type: 'network/online', online: false });
    showOffline();
    handlers.onOffline();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  if (!navigator.onLine) offline();
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
