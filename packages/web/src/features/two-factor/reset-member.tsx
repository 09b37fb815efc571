import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button, Modal } from '../../ui';

/** An administrator's "Reset two-factor" of one member (a lost phone), with a confirmation. */
export function ResetTwoFactor({ uid, name }: { uid: number; name: string }) {
  const { t } = useTranslation(['twofactor', 'admin']);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    try {
      await call('adminResetUserTotp', { params: { uid } });
      toast.success(t('reset_done'));
      setOpen(false);
    } catch {
      // The request layer showed the answer.
    }
    setBusy(false);
  };
  return (
    <>
      <Button small variant="ghost" onClick={() => setOpen(true)} data-testid="member-totp-reset">
        {t('reset')}
      </Button>
      <Modal
        open={open}
        title={t('reset_title')}
        onClose={() => setOpen(false)}
        closeLabel={t('admin:cancel')}
        busy={busy}
        testId="member-totp-reset-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              {t('admin:cancel')}
            </Button>
            <Button
              variant="danger"
              loading={busy}
              onClick={() => void reset()}
              data-testid="member-totp-reset-confirm"
            >
              {t('reset')}
            </Button>
          </>
        }
      >
        <p>{t('reset_text', { name })}</p>
      </Modal>
    </>
  );
}
