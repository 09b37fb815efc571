import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { deleteMessages } from '../../lib/api';
import type { ConvKey } from '../../lib/store';
import { Button, Modal } from '../../ui';
import { composeDispatch, getCompose } from './compose-state';

const close = () => composeDispatch({ type: 'dialog', dialog: null });

/** Confirms deleting one message or a selection; the stream's delete records remove them everywhere. */
export default function DeleteDialog({ conv, mids }: { conv: ConvKey; mids: number[] }) {
  const { t } = useTranslation('actions');
  const [busy, setBusy] = useState(false);
  const count = mids.length;

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteMessages(mids);
      toast.success(t('delete.done', { count }));
      if (getCompose().selecting === conv) composeDispatch({ type: 'select/end' });
      close();
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('delete.title', { count })}
      description={t('delete.description')}
      onClose={close}
      closeLabel={t('delete.cancel')}
      busy={busy}
      testId="delete-dialog"
      footer={
        <>
          <Button variant="cancel" onClick={close} disabled={busy}>
            {t('delete.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            loading={busy}
            autoFocus
            data-testid="delete-confirm"
          >
            {t('delete.confirm')}
          </Button>
        </>
      }
    >
      {null}
    </Modal>
  );
}
