import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../ui';
import { useBusyAction } from './busy-action';

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
  const { busy, run } = useBusyAction(onConfirm, onClose);
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
