import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Button } from '../../ui';
import { enablePush, markPushOffered, renewPushIfDue, shouldOfferPush } from './push-client';
import './notifications.css';

/**
 * After a message is sent: offers notifications once (a toast with a button, so the browser's
 * prompt follows a click), and renews a subscription older than 7 days.
 */
export async function afterMessageSent(): Promise<void> {
  void renewPushIfDue().catch(() => undefined);
  if (!shouldOfferPush()) return;
  markPushOffered();
  await i18n.loadNamespaces('notify');
  toast.custom(
    (shown) => (
      <div className="notify-offer" role="status" data-testid="notify-offer">
        <p className="notify-offer__text">{i18n.t('notify:offer.text')}</p>
        <div className="notify-offer__actions">
          <Button variant="ghost" onClick={() => toast.dismiss(shown.id)} data-testid="notify-offer-later">
            {i18n.t('notify:offer.later')}
          </Button>
          <Button
            onClick={() => {
              toast.dismiss(shown.id);
              void enablePush().catch(() => undefined);
            }}
            data-testid="notify-offer-enable"
          >
            {i18n.t('notify:offer.enable')}
          </Button>
        </div>
      </div>
    ),
    { duration: 20_000 },
  );
}
