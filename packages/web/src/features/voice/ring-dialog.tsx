import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../ui';
import { UserAvatar, useUserName } from '../users';

/** The ringing screen itself, loaded when a call first rings (not part of the first screen). */
export default function RingDialog({
  caller,
  onAccept,
  onDecline,
  closeLabel,
}: {
  caller: number;
  onAccept: () => void;
  onDecline: () => void;
  closeLabel: string;
}) {
  const { t } = useTranslation('voice');
  const name = useUserName(caller);
  // The dialog focuses its first control (close) when it opens, after this mounts: then, accept.
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>('.incoming-call__accept')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Modal
      open
      title={t('call.incoming_title')}
      onClose={onDecline}
      closeLabel={closeLabel}
      testId="call-incoming"
      footer={
        <>
          <Button variant="danger" onClick={onDecline} data-testid="call-decline">
            {t('call.decline')}
          </Button>
          <Button
            variant="primary"
            onClick={onAccept}
            className="incoming-call__accept"
            data-testid="call-accept"
          >
            {t('call.accept')}
          </Button>
        </>
      }
    >
      <div className="incoming-call">
        <UserAvatar uid={caller} size={72} />
        <p className="incoming-call__text" role="status">
          {t('call.incoming', { name })}
        </p>
      </div>
    </Modal>
  );
}
