import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../ui';

interface ConfirmModalProps {
  title: ReactNode;
  text: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

/** A yes/no question before a destructive action; the action runs while the dialog stays open. */
export function ConfirmModal({ title, text, confirmLabel, onConfirm, onClose, testId }: ConfirmModalProps) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The request layer showed the answer.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      closeLabel={t('cancel')}
      busy={busy}
      testId={testId}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button
            variant="danger"
            loading={busy}
            onClick={() => void run()}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
