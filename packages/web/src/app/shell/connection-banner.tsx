import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../lib/store';

/** A slim, polite notice while the event stream is not delivering live updates. */
export function ConnectionBanner() {
  const { t } = useTranslation('common');
  const online = useAppSelector((state) => state.online);
  const status = useAppSelector((state) => state.stream.status);
  let message: string | null = null;
  if (!online) message = t('network.offline_banner');
  else if (status === 'reconnecting' || status === 'disconnected') message = t('stream.reconnecting');
  return (
    <div
      className="connection-banner"
      role="status"
      aria-live="polite"
      data-state={message ? 'visible' : 'hidden'}
    >
      {message}
    </div>
  );
}
