import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import { useContact } from './use-contact';

/** Add or remove someone as a contact, block or unblock them (the profile and the search dialog). */
export function ContactButtons({ uid }: { uid: number }) {
  const { t } = useTranslation('conversation');
  const { status, busy, act } = useContact(uid);
  const button = (action: 'add' | 'remove' | 'block' | 'unblock') => (
    <Button
      variant={action === 'block' ? 'danger' : 'ghost'}
      small
      disabled={busy}
      onClick={() => void act(action)}
      data-testid={`contact-${action}`}
    >
      {t(`contact.${action}`)}
    </Button>
  );
  return (
    <div className="contact-buttons" aria-busy={busy}>
      <p className="contact-buttons__status" role="status" data-testid="contact-status">
        {status === 'added'
          ? t('contact.status_added')
          : status === 'blocked'
            ? t('contact.status_blocked')
            : t('contact.status_none')}
      </p>
      <div className="contact-buttons__row">
        {status === 'added' ? button('remove') : status === undefined ? button('add') : null}
        {status === 'blocked' ? button('unblock') : button('block')}
      </div>
    </div>
  );
}
