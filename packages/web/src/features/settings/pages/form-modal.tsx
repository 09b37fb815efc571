import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../ui';
import { useBusyAction } from './busy-action';

interface FormModalProps {
  title: ReactNode;
  description?: ReactNode;
  /** The dialog's test id; its submit button is `<testId>-submit`. */
  testId: string;
  submitLabel: string;
  /** Closes the dialog when it resolves; a rejection keeps the form open for another try. */
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/** An admin dialog holding one form: Escape and close are blocked and the button spins while it submits. */
export function FormModal({
  title,
  description,
  testId,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: FormModalProps) {
  const { t } = useTranslation('admin');
  const { busy, run } = useBusyAction(onSubmit, onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
  return (
    <Modal
      open
      title={title}
      description={description}
      onClose={onClose}
      closeLabel={t('cancel')}
      busy={busy}
      testId={testId}
    >
      <form onSubmit={submit} style={{ display: 'grid', gap: 12 }}>
        {children}
        <div className="admin-row">
          <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
